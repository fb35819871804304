import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, rowsOf, type DbClient } from './client';

/**
 * Applies the committed SQL migrations in order, each once, under an advisory lock so that
 * several instances starting together against one PostgreSQL server do not race.
 */
export async function migrate(client: DbClient): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const { db } = client;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await tx.execute(sql`create table if not exists schema_migrations (
      hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`);
    const done = await tx.execute(sql`select hash from schema_migrations`);
    const applied = new Set(rowsOf<{ hash: string }>(done).map((r) => r.hash));
    for (const m of migrations) {
      if (applied.has(m.hash)) continue;
      for (const statement of m.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`);
    }
  });
}
