import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import {
  CHAT_NEEDS_VERIFIED_DOMAIN,
  type DnsRecord,
  type Domain,
  type VerifyDomainResponse,
  type VerifyInstructions,
  type VerifyMethod,
} from '@console/contract/domains';
import { VERIFY_RECORD_LABEL, VERIFY_TOKEN_PREFIX } from '@console/contract/limits';
import type { BrandRole } from '@console/contract/roles';
import type { AppContext } from '../../context';
import { createDnsResolver, DnsLookupError, type DnsResolver } from '../../dns/resolver';
import { AppError, conflict, notFound } from '../../http/errors';
import { requireBrandRole } from '../../http/brand-guard';
import type { Caller } from '../auth/service';
import { getDnsProviderConnection } from '../providers/service';
import { CloudflareError, publishTxtRecord } from './cloudflare';
import { emailRecordsFor } from './email-records';
import {
  clearPrimary,
  deleteDomainRow,
  findBrandDomainByName,
  findDomainById,
  findOldestVerified,
  findPrimaryDomain,
  findVerifiedElsewhere,
  insertDomain,
  listBrandDomains,
  listDnsRecords,
  updateDomain,
  upsertDnsRecords,
  type DnsRecordRow,
  type DomainRow,
  type NewDnsRecord,
} from './queries';

type Ctx = AppContext;

export const VERIFIED_ELSEWHERE = 'This domain is already verified by another brand.';
export const ALREADY_ADDED = 'This domain has already been added.';
export const PRIMARY_NEEDS_VERIFIED_DOMAIN = 'Please verify the domain first before setting it as primary.';

/** CONTRACT §Domains: `console-verify=` + the first 8 characters of the domain id. */
export function verificationToken(domainId: string): string {
  return VERIFY_TOKEN_PREFIX + domainId.slice(0, 8);
}

/** CONTRACT §Domains: the TXT record name is `_console-verify.<domain>`. */
export function verificationRecordName(name: string): string {
  return `${VERIFY_RECORD_LABEL}.${name}`;
}

export function verifyInstructions(row: Pick<DomainRow, 'id' | 'name'>): VerifyInstructions {
  const name = verificationRecordName(row.name);
  const value = verificationToken(row.id);
  return {
    type: 'TXT',
    name,
    value,
    text: `Add a TXT record named ${name} with the value ${value} at your DNS provider, then verify again.`,
  };
}

/** The API shape of a domain row (SPEC §3 Domain). */
export function toDomain(row: DomainRow): Domain {
  return {
    id: row.id,
    brand_id: row.brandId,
    domain: row.name,
    domain_name: row.name,
    status: row.verifiedAt ? 'verified' : 'pending',
    provider: row.provider,
    verified: row.verifiedAt !== null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    is_primary: row.isPrimary,
    chat_email_enabled: row.chatEmailEnabled,
    chat_subdomain: row.chatSubdomain,
    email_configured: row.emailConfiguredAt !== null,
    verification_token: verificationToken(row.id),
    created_at: row.createdAt.toISOString(),
  };
}

function toDnsRecord(row: DnsRecordRow): DnsRecord {
  return {
    type: row.type as DnsRecord['type'],
    name: row.name,
    content: row.content,
    priority: row.priority,
    verified: row.verified,
    purpose: row.purpose as DnsRecord['purpose'],
    checked_at: row.checkedAt?.toISOString() ?? null,
  };
}

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const found = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return !!found && (!constraint || found.constraint === constraint);
}

/**
 * The domain `id` if the caller may act on it with `role`. A domain of a brand the caller is not
 * a member of answers exactly like a missing one (404); a member below the role gets 403.
 */
export async function loadDomainFor(ctx: Ctx, caller: Caller, id: string, role: BrandRole): Promise<DomainRow> {
  const row = await findDomainById(ctx.db, id);
  if (!row) throw notFound('Domain');
  try {
    await requireBrandRole(ctx, caller, row.brandId, role);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound('Domain');
    throw err;
  }
  return row;
}

export async function listDomains(ctx: Ctx, brandId: string): Promise<Domain[]> {
  return (await listBrandDomains(ctx.db, brandId)).map(toDomain);
}

/** Adds an unverified domain; 409 when the brand has it already or another brand verified it. */
export async function addDomain(ctx: Ctx, brandId: string, name: string): Promise<Domain> {
  if (await findVerifiedElsewhere(ctx.db, brandId, name)) throw conflict(VERIFIED_ELSEWHERE);
  if (await findBrandDomainByName(ctx.db, brandId, name)) throw conflict(ALREADY_ADDED);
  try {
    return toDomain(await insertDomain(ctx.db, { brandId, name }));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_ADDED);
    throw err;
  }
}

/** Removes a domain; when it was primary, the brand's oldest other verified domain becomes primary. */
export async function removeDomain(ctx: Ctx, row: DomainRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await deleteDomainRow(tx, row.id);
    if (row.isPrimary) {
      const next = await findOldestVerified(tx, row.brandId, row.id);
      if (next) await updateDomain(tx, next.id, { isPrimary: true });
    }
  });
}

/** SPEC §4: only one domain is primary. Only a verified domain can be (users/me shows it). */
export async function setPrimaryDomain(ctx: Ctx, row: DomainRow): Promise<Domain> {
  if (!row.verifiedAt) throw conflict(PRIMARY_NEEDS_VERIFIED_DOMAIN);
  const updated = await ctx.db.transaction(async (tx) => {
    await clearPrimary(tx, row.brandId);
    return updateDomain(tx, row.id, { isPrimary: true });
  });
  return toDomain(updated);
}

/** The verification TXT record followed by the email records configure-email created. */
export async function getDnsRecords(ctx: Ctx, row: DomainRow): Promise<DnsRecord[]> {
  const verification: DnsRecord = {
    type: 'TXT',
    name: verificationRecordName(row.name),
    content: verificationToken(row.id),
    priority: null,
    verified: row.verifiedAt !== null,
    purpose: 'verification',
    checked_at: row.verifiedAt?.toISOString() ?? null,
  };
  const order = ['mx', 'spf', 'dkim', 'dmarc'];
  const email = (await listDnsRecords(ctx.db, row.brandId, row.id))
    .sort((a, b) => order.indexOf(a.purpose) - order.indexOf(b.purpose))
    .map(toDnsRecord);
  return [verification, ...email];
}

type LookupResult = { found: true } | { found: false; error: string };

/** Looks up the verification TXT record through the configured resolver. */
async function lookUpVerification(resolver: DnsResolver, row: DomainRow): Promise<LookupResult> {
  const name = verificationRecordName(row.name);
  const token = verificationToken(row.id);
  try {
    const values = await resolver.txt(name);
    if (values.some((v) => v.trim() === token)) return { found: true };
    if (values.length === 0) return { found: false, error: `No TXT record found at ${name}.` };
    return { found: false, error: `The TXT records at ${name} do not contain ${token}.` };
  } catch (err) {
    if (err instanceof DnsLookupError) return { found: false, error: `${err.message}.` };
    throw err;
  }
}

/** Marks the domain verified (and primary when the brand has none); 409 if another brand was first. */
async function markVerified(ctx: Ctx, row: DomainRow, provider: string): Promise<DomainRow> {
  if (row.verifiedAt && row.provider === provider) return row;
  if (await findVerifiedElsewhere(ctx.db, row.brandId, row.name)) throw conflict(VERIFIED_ELSEWHERE);
  const set = { verifiedAt: row.verifiedAt ?? ctx.clock.now(), provider };
  try {
    return await ctx.db.transaction(async (tx) => {
      const primary = await findPrimaryDomain(tx, row.brandId);
      return updateDomain(tx, row.id, primary ? set : { ...set, isPrimary: true });
    });
  } catch (err) {
    // Another domain of the brand became primary meanwhile: verify this one without it.
    if (isUniqueViolation(err, 'domains_brand_primary_idx')) return markVerifiedOnly(ctx, row.id, set);
    if (isUniqueViolation(err)) throw conflict(VERIFIED_ELSEWHERE);
    throw err;
  }
}

async function markVerifiedOnly(ctx: Ctx, id: string, set: { verifiedAt: Date; provider: string }): Promise<DomainRow> {
  try {
    return await updateDomain(ctx.db, id, set);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(VERIFIED_ELSEWHERE);
    throw err;
  }
}

/**
 * SPEC §7 verify. `txt_record` looks up `_console-verify.<domain>`; `provider_sync` first publishes
 * that record through the brand's connected DNS provider (Cloudflare), then looks it up. A failed
 * verification is 200 with `verified: false`, the error and the instructions (CONTRACT §Roles).
 */
export async function verifyDomain(ctx: Ctx, row: DomainRow, method: VerifyMethod): Promise<VerifyDomainResponse> {
  const instructions = verifyInstructions(row);
  const token = verificationToken(row.id);
  const answer = (verified: boolean, message: string, error: string | null, domain: DomainRow): VerifyDomainResponse => ({
    verified,
    message,
    method,
    error,
    verification_token: token,
    instructions,
    domain: toDomain(domain),
  });

  let provider = row.provider;
  if (method === 'provider_sync') {
    const connection = await getDnsProviderConnection(ctx, row.brandId);
    if (!connection) throw conflict('No DNS provider is connected. Connect Cloudflare in Providers, or verify with a TXT record.');
    try {
      await publishTxtRecord(ctx, connection, { domain: row.name, name: instructions.name, content: token });
    } catch (err) {
      if (err instanceof CloudflareError) return answer(false, 'Provider sync failed', err.message, row);
      throw err;
    }
    provider = connection.provider;
  }

  const result = await lookUpVerification(createDnsResolver(ctx.config), row);
  if (!result.found) {
    const message =
      method === 'provider_sync'
        ? 'The verification record was published but is not visible in DNS yet. Try again in a few minutes.'
        : 'Verification failed';
    if (provider !== row.provider) row = await updateDomain(ctx.db, row.id, { provider });
    return answer(false, message, result.error, row);
  }
  const verified = await markVerified(ctx, row, provider);
  return answer(true, 'Domain verified successfully!', null, verified);
}

/** A DKIM key pair: the public key as base64 DER (for the TXT record), the private key as PEM. */
async function generateDkimKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: (publicKey as Buffer).toString('base64'), privateKey: privateKey as string };
}

const squash = (s: string) => s.replace(/\s+/g, '').replace(/;$/, '').toLowerCase();
const hostOf = (s: string) => s.toLowerCase().replace(/\.$/, '');

/** Whether DNS serves a record equivalent to the expected one. */
async function isPublished(resolver: DnsResolver, record: { purpose: string; name: string; content: string }, mailHost: string, dkimKey: string) {
  try {
    if (record.purpose === 'mx') return (await resolver.mx(record.name)).some((mx) => hostOf(mx.exchange) === hostOf(record.content));
    const values = await resolver.txt(record.name);
    switch (record.purpose) {
      case 'spf':
        return values.some((v) => {
          const terms = v.trim().toLowerCase().split(/\s+/);
          return terms[0] === 'v=spf1' && (terms.includes('mx') || terms.includes(`a:${mailHost}`) || terms.includes(`include:${mailHost}`));
        });
      case 'dkim':
        return values.some((v) => squash(v).includes(`p=${dkimKey.toLowerCase()}`));
      case 'dmarc':
        return values.some((v) => squash(v).startsWith('v=dmarc1;'));
      default:
        return values.some((v) => squash(v) === squash(record.content));
    }
  } catch (err) {
    if (err instanceof DnsLookupError) return false;
    throw err;
  }
}

/**
 * SPEC §7 configure-email: creates the email DNS records (a DKIM key pair per domain, private key
 * sealed at rest) and checks each one in DNS. Calling it again keeps the key and re-checks.
 */
export async function configureEmail(ctx: Ctx, row: DomainRow) {
  let current = row;
  if (!current.dkimPublicKey || !current.dkimPrivateKeySealed) {
    const keys = await generateDkimKeys();
    current = await updateDomain(ctx.db, row.id, {
      dkimPublicKey: keys.publicKey,
      dkimPrivateKeySealed: ctx.keyring.seal(keys.privateKey),
    });
  }
  const dkimKey = current.dkimPublicKey!;
  const mailHost = ctx.config.MAIL_DOMAIN.toLowerCase();
  const resolver = createDnsResolver(ctx.config);
  const expected = emailRecordsFor(ctx, current, dkimKey);
  const checks = await Promise.all(expected.map((r) => isPublished(resolver, r, mailHost, dkimKey)));
  const now = ctx.clock.now();
  const values: NewDnsRecord[] = expected.map((r, i) => ({
    brandId: current.brandId,
    domainId: current.id,
    purpose: r.purpose,
    type: r.type,
    name: r.name,
    content: r.content,
    priority: r.priority,
    verified: checks[i],
    checkedAt: now,
  }));
  await ctx.db.transaction(async (tx) => {
    await upsertDnsRecords(tx, values);
    current = await updateDomain(tx, current.id, { emailConfiguredAt: current.emailConfiguredAt ?? now });
  });
  const visible = checks.filter(Boolean).length;
  const records = (await getDnsRecords(ctx, current)).filter((r) => r.purpose !== 'verification');
  return {
    message:
      visible === expected.length
        ? 'Email DNS configured successfully!'
        : `Email DNS records created: ${visible} of ${expected.length} are visible in DNS. Publish the others at your DNS provider, then check again.`,
    domain: toDomain(current),
    records,
  };
}

/** SPEC §7 enable-chat: only on a verified domain (409 otherwise, SPEC §5). */
export async function enableChatEmail(ctx: Ctx, row: DomainRow, chatSubdomain: string) {
  if (!row.verifiedAt) throw conflict(CHAT_NEEDS_VERIFIED_DOMAIN);
  const updated = await updateDomain(ctx.db, row.id, { chatEmailEnabled: true, chatSubdomain });
  const host = `${chatSubdomain}.${updated.name}`;
  return { message: 'Chat email enabled!', email_format: `{conversation_id}@${host}`, domain: toDomain(updated) };
}

