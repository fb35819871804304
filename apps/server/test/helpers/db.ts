import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { openDb, type DbClient } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';

/** Where global-setup leaves a migrated PGlite dump that each test file starts from. */
export const PGLITE_TEMPLATE = join(tmpdir(), `console-pglite-template-${process.env.VITEST_TEMPLATE_ID ?? 'local'}.tar.gz`);
export const PG_TEMPLATE_DB = 'console_test_template';

/** The admin URL of the PostgreSQL server tests use, when TEST_DATABASE_URL is set. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: a clone of the PGlite template in memory, or a new
 * PostgreSQL database created from the migrated template database.
 */
export async function openTestDb(): Promise<{ client: DbClient; url?: string; drop(): Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const pg = (await import('pg')).default;
    const name = `console_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    const client = await openDb({ databaseUrl: url });
    return {
      client,
      url,
      async drop() {
        await client.close();
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  if (existsSync(PGLITE_TEMPLATE)) {
    const client = await openDb({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
    return { client, drop: () => client.close() };
  }
  const client = await openDb({});
  await migrate(client);
  return { client, drop: () => client.close() };
}
