import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/index';
import { resolveSecretKey } from './crypto/secrets';
import { buildApp } from './app';
import { systemClock } from './clock';

/** Starts listeners registered by modules (the SMTP server); each returns a stop function. */
export type Listener = { name: string; start(): Promise<() => Promise<void>>; up(): boolean };

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const dataDir = resolve(config.DATA_DIR);
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: resolve(dataDir, 'pglite') });
  await migrate(db);
  const secretKey = resolveSecretKey(config.SECRET_KEY, dataDir);
  const smtpUp = false;
  const { app, ctx } = await buildApp({ config, db, secretKey, probes: { smtp: () => smtpUp || config.SMTP_PORT === 0 } });

  if (config.SEED_DEMO === '1' && (await seedDemoIfEmpty({ ...ctx, clock: systemClock }))) {
    app.log.info('Seeded demo data: sign in as demo@example.com / demo1234');
  }

  await app.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
