import { DKIM_SELECTOR } from '@console/contract/domains';
import type { AppContext } from '../../context';

/** CONTRACT §Domains: the MX, SPF, DKIM and DMARC records for a domain. */
export function emailRecordsFor(ctx: Pick<AppContext, 'config'>, row: { name: string }, dkimPublicKey: string) {
  const mailHost = ctx.config.MAIL_DOMAIN.toLowerCase();
  return [
    { purpose: 'mx', type: 'MX', name: row.name, content: mailHost, priority: 10 },
    { purpose: 'spf', type: 'TXT', name: row.name, content: `v=spf1 mx a:${mailHost} ~all`, priority: null },
    { purpose: 'dkim', type: 'TXT', name: `${DKIM_SELECTOR}._domainkey.${row.name}`, content: `v=DKIM1; k=rsa; p=${dkimPublicKey}`, priority: null },
    { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${row.name}`, content: `v=DMARC1; p=none; rua=mailto:dmarc@${row.name}`, priority: null },
  ] as const;
}
