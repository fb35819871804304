import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';

/** Migrates once per run: a PGlite dump, or a template database on PostgreSQL. */
export default async function setup() {
  process.env.VITEST_TEMPLATE_ID = randomBytes(6).toString('hex');
  const { PGLITE_TEMPLATE, PG_TEMPLATE_DB, testDatabaseUrl, withDatabase } = await import('./db');
  const { openDb } = await import('../../src/db/client');
  const { migrate } = await import('../../src/db/migrate');
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const client = await openDb({ databaseUrl: withDatabase(adminUrl, PG_TEMPLATE_DB) });
    await migrate(client);
    await client.close();
    return;
  }
  const client = await openDb({});
  await migrate(client);
  const dump = await client.dumpDataDir!();
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return () => rmSync(PGLITE_TEMPLATE, { force: true });
}
