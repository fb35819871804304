import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { domainDnsRecords, domains } from '../schema/index';
import { emailRecordsFor } from '../../modules/domains/email-records';
import type { DemoBrandName } from './identity';
import type { SeedContext } from './types';

const DAY = 24 * 60 * 60_000;

/** Per demo brand: a verified primary domain and an unverified one (CONTRACT §Running). */
const DEMO_DOMAINS: Record<DemoBrandName, { verified: string; pending: string; provider: string; emailConfigured: boolean; ageDays: number }> = {
  'Acme Robotics': { verified: 'acme-robotics.example', pending: 'support.acme-robotics.example', provider: 'manual', emailConfigured: true, ageDays: 27 },
  'Globex Support': { verified: 'globex-support.example', pending: 'help.globex.example', provider: 'cloudflare', emailConfigured: false, ageDays: 19 },
  Initech: { verified: 'initech.example', pending: 'tps-reports.initech.example', provider: 'manual', emailConfigured: false, ageDays: 11 },
};

/** Demo domains; the email DNS records of a configured one are shown unverified (no real DNS). */
export async function seedDomains(seed: SeedContext) {
  const now = seed.clock.now().getTime();
  for (const [brand, d] of Object.entries(DEMO_DOMAINS) as Array<[DemoBrandName, (typeof DEMO_DOMAINS)[DemoBrandName]]>) {
    const brandId = seed.brands[brand];
    const createdAt = new Date(now - d.ageDays * DAY);
    const verifiedAt = new Date(createdAt.getTime() + 2 * 60 * 60_000);
    let dkim: { publicKey: string; privateKeySealed: string } | undefined;
    if (d.emailConfigured) {
      const keys = await promisify(generateKeyPair)('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      dkim = { publicKey: (keys.publicKey as Buffer).toString('base64'), privateKeySealed: seed.keyring.seal(keys.privateKey as string) };
    }
    const [verified] = await seed.db
      .insert(domains)
      .values({
        brandId,
        name: d.verified,
        provider: d.provider,
        verifiedAt,
        isPrimary: true,
        createdAt,
        ...(dkim ? { emailConfiguredAt: new Date(verifiedAt.getTime() + DAY), dkimPublicKey: dkim.publicKey, dkimPrivateKeySealed: dkim.privateKeySealed } : {}),
      })
      .returning();
    await seed.db.insert(domains).values({ brandId, name: d.pending, createdAt: new Date(now - Math.floor(d.ageDays / 3) * DAY) });
    if (dkim) {
      const checkedAt = new Date(verifiedAt.getTime() + DAY);
      await seed.db.insert(domainDnsRecords).values(
        emailRecordsFor(seed, verified, dkim.publicKey).map((r) => ({ ...r, brandId, domainId: verified.id, verified: false, checkedAt })),
      );
    }
  }
}
