import { eq } from 'drizzle-orm';
import type { BrandRole } from '@console/contract/roles';
import { hashPassword } from '../../crypto/passwords';
import { memberships, users } from '../schema/index';
import { upsertMembership } from '../../modules/brands/queries';
import { createBrand } from '../../modules/brands/service';
import type { SeedContext } from './types';

/** CONTRACT §Running: the demo accounts, brands and roles. */
export const DEMO_BRANDS = ['Acme Robotics', 'Globex Support', 'Initech'] as const;
export type DemoBrandName = (typeof DEMO_BRANDS)[number];

interface DemoUser {
  name: string;
  email: string;
  password: string;
  superAdmin?: boolean;
  roles: Partial<Record<DemoBrandName, BrandRole>>;
}

export const DEMO_USERS: DemoUser[] = [
  { name: 'Dana Demo', email: 'demo@example.com', password: 'demo1234', roles: { 'Acme Robotics': 'owner', 'Globex Support': 'admin', Initech: 'viewer' } },
  { name: 'Avery Admin', email: 'admin@example.com', password: 'admin1234', superAdmin: true, roles: {} },
  { name: 'Alex Agent', email: 'agent@example.com', password: 'agent1234', roles: { 'Globex Support': 'editor' } },
  // Team members so every brand has members of every role.
  { name: 'Grace Hopper', email: 'grace@globex.example', password: 'grace1234', roles: { 'Globex Support': 'owner', Initech: 'admin' } },
  { name: 'Peter Gibbons', email: 'peter@initech.example', password: 'peter1234', roles: { Initech: 'owner', 'Acme Robotics': 'agent' } },
  { name: 'Samir Nagheenanajar', email: 'samir@initech.example', password: 'samir1234', roles: { Initech: 'editor', 'Acme Robotics': 'viewer' } },
  { name: 'Maya Lin', email: 'maya@acme.example', password: 'maya12345', roles: { 'Acme Robotics': 'admin', 'Globex Support': 'agent' } },
  { name: 'Ravi Patel', email: 'ravi@acme.example', password: 'ravi12345', roles: { 'Acme Robotics': 'editor', 'Globex Support': 'viewer', Initech: 'agent' } },
];

/** Demo members joined over the last few months (days ago, by position), so the team trend is real. */
const JOINED_DAYS_AGO = [120, 95, 60, 33, 21, 12, 9, 3, 1];

export async function seedIdentity(ctx: SeedContext) {
  let joined = 0;
  for (const name of DEMO_BRANDS) {
    const { brand } = await createBrand(ctx, { name });
    ctx.brands[name] = brand.id;
  }
  for (const u of DEMO_USERS) {
    const [row] = await ctx.db
      .insert(users)
      .values({ name: u.name, email: u.email, passwordHash: await hashPassword(u.password), isSuperAdmin: !!u.superAdmin })
      .returning();
    ctx.users[u.email] = row.id;
    for (const [brand, role] of Object.entries(u.roles)) {
      // New users: no cache can hold them yet.
      const member = await upsertMembership(ctx.db, { brandId: ctx.brands[brand as DemoBrandName], userId: row.id, role: role! });
      const daysAgo = JOINED_DAYS_AGO[joined++ % JOINED_DAYS_AGO.length];
      await ctx.db
        .update(memberships)
        .set({ createdAt: new Date(ctx.clock.now().getTime() - daysAgo * 86_400_000) })
        .where(eq(memberships.id, member.id));
    }
  }
}
