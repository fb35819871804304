import { z } from 'zod';
import { DEFAULT_MAIL_DOMAIN } from '@console/contract/limits';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url().optional();

/** Every environment variable the server reads (ARCHITECTURE §Configuration), parsed once. */
const ConfigSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_PORT: port.default(2525),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  SMTP_TLS_KEY: z.string().optional(),
  SMTP_TLS_CERT: z.string().optional(),
  SMTP_MAX_SIZE: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /** Recipients accepted per SMTP transaction (more: 452 at RCPT TO). */
  SMTP_MAX_RECIPIENTS: z.coerce.number().int().positive().default(50),
  /** Concurrent SMTP connections (more: 421 at connect). */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().positive().default(100),
  /** Largest attachment kept in a brand's mailbox (bytes); larger ones are listed but not stored. */
  MAIL_MAX_ATTACHMENT_SIZE: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a domain name')
    .default(DEFAULT_MAIL_DOMAIN),
  DNS_SERVERS: z
    .string()
    .regex(/^\s*[^,\s]+(\s*,\s*[^,\s]+)*\s*$/, 'must be a comma-separated list of ip[:port]')
    .optional(),
  DNS_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: optionalUrl,
  OLLAMA_URL: optionalUrl,
  AI_MODEL: z
    .string()
    .regex(/^(builtin|(openai|anthropic|ollama):.+)$/, 'must be builtin or <openai|anthropic|ollama>:<model>')
    .optional(),
  CLOUDFLARE_API_URL: z.url().default('https://api.cloudflare.com/client/v4'),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  WEB_DIST: z.string().optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; an invalid value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  return result.data;
}

/** A config for tests and tools: defaults plus overrides, never reading process.env. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', SMTP_PORT: '0', NODE_ENV: 'test', ...overrides });
}
