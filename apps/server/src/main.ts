import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/index';
import { resolveSecretKey } from './crypto/secrets';
import { buildApp } from './app';
import { systemClock } from './clock';
import { createSmtpServer, type SmtpListener } from './mail/inbound';

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
  let smtp: SmtpListener | undefined;
  // SMTP_PORT=0 disables the listener; health then does not count it as down.
  const { app, ctx } = await buildApp({ config, db, secretKey, probes: { smtp: () => config.SMTP_PORT === 0 || !!smtp?.up() } });

  if (config.SEED_DEMO === '1' && (await seedDemoIfEmpty({ ...ctx, clock: systemClock }))) {
    app.log.info('Seeded demo data: sign in as demo@example.com / demo1234');
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.SMTP_PORT !== 0) {
    smtp = createSmtpServer(ctx);
    const port = await smtp.listen(config.SMTP_PORT, config.HOST);
    app.log.info(`SMTP listening on ${config.HOST}:${port}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await smtp?.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A promise rejected outside any request (a stream's or a mail's background work) is logged;
  // it must not take the API, the SMTP listener and every open stream down with it.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
