import { count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../schema/index';
import { seedIdentity } from './identity';
import { seedDomains } from './domains';
import { seedSupport } from './support';
import { seedProviders } from './providers';
import { seedBilling } from './billing';
import { seedMail } from './mail';
import { seedChat } from './chat';
import { seedMesh } from './mesh';
import type { SeedContext } from './types';

/** Each module's demo data, run in order after the accounts and brands exist. */
const steps: Array<(ctx: SeedContext) => Promise<void>> = [seedSupport, seedProviders, seedBilling, seedDomains, seedMail, seedChat, seedMesh];

/** Seeds the demo (CONTRACT §Running) when the database has no users yet. Returns whether it ran. */
export async function seedDemoIfEmpty(ctx: Pick<AppContext, 'db' | 'keyring' | 'clock' | 'config'>): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(ctx);
  return true;
}

export async function seedDemo(ctx: Pick<AppContext, 'db' | 'keyring' | 'clock' | 'config'>): Promise<SeedContext> {
  const seed: SeedContext = { ...ctx, brands: {} as SeedContext['brands'], users: {} };
  await ctx.db.transaction(async (tx) => {
    const txSeed = { ...seed, db: tx as unknown as SeedContext['db'] };
    await seedIdentity(txSeed);
    for (const step of steps) await step(txSeed);
  });
  return seed;
}
