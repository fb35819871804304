import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Keys derived from SECRET_KEY: one to seal secrets at rest, one to index API keys and tokens. */
export interface Keyring {
  seal(plain: string): string;
  open(sealed: string): string;
  /** Deterministic keyed hash used to look up API keys and device tokens without storing them. */
  index(value: string): string;
}

export function createKeyring(secret: string): Keyring {
  const master = Buffer.from(secret, 'utf8');
  const sealKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'console/seal/v1', 32));
  const indexKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'console/index/v1', 32));
  return {
    // AES-256-GCM: v1.<iv>.<tag>.<ciphertext>, each base64url.
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unrecognised sealed value');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    index(value) {
      return createHmac('sha256', indexKey).update(value).digest('base64url');
    },
  };
}

/** SECRET_KEY, or one generated into the data dir on first run (ARCHITECTURE §Tenancy). */
export function resolveSecretKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}

/** Random opaque token (session tokens: 32 bytes). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of a session token: what the sessions table stores. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** CONTRACT §Identity: `bk_` + 43 base64url characters. */
export function generateApiKey(): string {
  return 'bk_' + randomBytes(32).toString('base64url');
}
