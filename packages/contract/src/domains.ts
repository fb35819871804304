import { z } from 'zod';

/** SPEC §4 Domain: unverified, then verified. */
export const DOMAIN_STATUSES = ['pending', 'verified'] as const;
export const DomainStatusSchema = z.enum(DOMAIN_STATUSES);
export type DomainStatus = z.infer<typeof DomainStatusSchema>;

export const VERIFY_METHODS = ['txt_record', 'provider_sync'] as const;
export const VerifyMethodSchema = z.enum(VERIFY_METHODS);
export type VerifyMethod = z.infer<typeof VerifyMethodSchema>;

/** The DKIM selector of CONTRACT §Domains: the key is published at `console._domainkey.<domain>`. */
export const DKIM_SELECTOR = 'console';
export const DEFAULT_CHAT_SUBDOMAIN = 'chat';
export const MAX_DOMAIN_LENGTH = 253;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name of at least two labels, letters/digits/hyphens, the last label not all digits. */
export function isValidDomainName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_DOMAIN_LENGTH) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => LABEL.test(l))) return false;
  return !/^[0-9]+$/.test(labels[labels.length - 1]);
}

/** The add-domain payload: trimmed, lower-cased, a trailing dot dropped, then a valid host name. */
export const AddDomainRequestSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .transform((s) => s.replace(/\.$/, ''))
    .superRefine((name, check) => {
      if (name === '') check.addIssue({ code: 'custom', message: 'Domain is required' });
      else if (!isValidDomainName(name)) check.addIssue({ code: 'custom', message: 'Must be a valid domain name' });
    }),
});
export type AddDomainRequest = z.input<typeof AddDomainRequestSchema>;

/** SPEC §3 Domain. `domain` and `domain_name` carry the same name. */
export const DomainSchema = z.object({
  id: z.string(),
  brand_id: z.string(),
  domain: z.string(),
  domain_name: z.string(),
  status: DomainStatusSchema,
  provider: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  is_primary: z.boolean(),
  chat_email_enabled: z.boolean(),
  chat_subdomain: z.string(),
  email_configured: z.boolean(),
  verification_token: z.string(),
  created_at: z.string(),
});
export type Domain = z.infer<typeof DomainSchema>;

export const DomainListSchema = z.object({ domains: z.array(DomainSchema) });
export type DomainList = z.infer<typeof DomainListSchema>;

export const DNS_RECORD_TYPES = ['TXT', 'MX'] as const;
export const DNS_RECORD_PURPOSES = ['verification', 'mx', 'spf', 'dkim', 'dmarc'] as const;

/** SPEC §3 DNS record. */
export const DnsRecordSchema = z.object({
  type: z.enum(DNS_RECORD_TYPES),
  name: z.string(),
  content: z.string(),
  priority: z.number().nullable(),
  verified: z.boolean(),
  purpose: z.enum(DNS_RECORD_PURPOSES),
  checked_at: z.string().nullable(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const DnsRecordListSchema = z.object({ records: z.array(DnsRecordSchema) });
export type DnsRecordList = z.infer<typeof DnsRecordListSchema>;

export const DomainIdParamsSchema = z.object({ id: z.uuid() });
export const BrandDomainsParamsSchema = z.object({ brandId: z.string() });

export const VerifyDomainRequestSchema = z.object({ method: VerifyMethodSchema.default('txt_record') });
export type VerifyDomainRequest = z.input<typeof VerifyDomainRequestSchema>;

/** What the user must publish to verify by hand. */
export const VerifyInstructionsSchema = z.object({
  type: z.literal('TXT'),
  name: z.string(),
  value: z.string(),
  text: z.string(),
});
export type VerifyInstructions = z.infer<typeof VerifyInstructionsSchema>;

/** SPEC §7 verify response; a failed verification is 200 with `verified: false` (CONTRACT §Roles). */
export const VerifyDomainResponseSchema = z.object({
  verified: z.boolean(),
  message: z.string(),
  method: VerifyMethodSchema,
  error: z.string().nullable(),
  verification_token: z.string(),
  instructions: VerifyInstructionsSchema,
  domain: DomainSchema,
});
export type VerifyDomainResponse = z.infer<typeof VerifyDomainResponseSchema>;

export const ConfigureEmailResponseSchema = z.object({
  message: z.string(),
  domain: DomainSchema,
  records: z.array(DnsRecordSchema),
});
export type ConfigureEmailResponse = z.infer<typeof ConfigureEmailResponseSchema>;

export const EnableChatRequestSchema = z.object({
  chat_subdomain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)$/, 'Must be a single DNS label')
    .default(DEFAULT_CHAT_SUBDOMAIN),
});
export type EnableChatRequest = z.input<typeof EnableChatRequestSchema>;

export const EnableChatResponseSchema = z.object({
  message: z.string(),
  email_format: z.string(),
  domain: DomainSchema,
});
export type EnableChatResponse = z.infer<typeof EnableChatResponseSchema>;

export const SetPrimaryResponseSchema = z.object({ message: z.string(), domain: DomainSchema });
export type SetPrimaryResponse = z.infer<typeof SetPrimaryResponseSchema>;

/** SPEC §5 and §8 texts shared by server and web. */
export const CHAT_NEEDS_VERIFIED_DOMAIN = 'Please verify the domain first before enabling chat email.';
