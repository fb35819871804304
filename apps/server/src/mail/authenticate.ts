import { promises as dns } from 'node:dns';
import { authenticate } from 'mailauth';
import type { Config } from '../config';
import { parseDnsServers } from '../dns/resolver';

/** SPF, DKIM and DMARC verdicts of an inbound mail, as recorded in its metadata. */
export interface MailAuthResults {
  spf: string;
  dkim: string;
  dmarc: string;
  /** Set when the checks did not finish within the time limit. */
  timed_out?: true;
}

type DnsAnswer = string[] | string[][];

/**
 * A mailauth resolver on the configured DNS servers (`DNS_SERVERS`), each look-up limited to
 * `DNS_TIMEOUT_MS`. Errors keep their `code` (ENOTFOUND, ENODATA …), which mailauth interprets.
 */
export function mailDnsResolver(config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>) {
  const servers = parseDnsServers(config.DNS_SERVERS);
  return async (name: string, rrtype: string): Promise<DnsAnswer> => {
    const resolver = new dns.Resolver({ timeout: config.DNS_TIMEOUT_MS, tries: 1 });
    if (servers) resolver.setServers(servers);
    return (await resolver.resolve(name, rrtype)) as DnsAnswer;
  };
}

/**
 * Checks SPF, DKIM and DMARC of a mail (mailauth). Never throws and never takes longer than
 * `timeoutMs`: a check that cannot finish is recorded as `temperror` with `timed_out`.
 */
export async function checkMailAuth(
  config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>,
  raw: Buffer,
  envelope: { ip: string; helo?: string; sender?: string; mta: string },
  timeoutMs: number,
): Promise<MailAuthResults> {
  const unknown: MailAuthResults = { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', timed_out: true };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<MailAuthResults>((resolve) => {
    timer = setTimeout(() => resolve(unknown), timeoutMs);
  });
  const run = (async (): Promise<MailAuthResults> => {
    const result = await authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.sender,
      mta: envelope.mta,
      resolver: mailDnsResolver(config),
      disableArc: true,
      disableBimi: true,
    });
    const dkimResults = result.dkim?.results ?? [];
    const dkim = dkimResults.find((r) => r.status?.result === 'pass')?.status?.result ?? dkimResults[0]?.status?.result ?? 'none';
    const spf = (result.spf && typeof result.spf === 'object' ? result.spf.status?.result : undefined) ?? 'none';
    const dmarc = (result.dmarc && typeof result.dmarc === 'object' ? result.dmarc.status?.result : undefined) ?? 'none';
    return { spf: String(spf), dkim: String(dkim), dmarc: String(dmarc) };
  })().catch((): MailAuthResults => ({ spf: 'temperror', dkim: 'temperror', dmarc: 'temperror' }));
  try {
    return await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
