#!/usr/bin/env -S npx tsx
import { Agent, FatalAgentError } from './agent';
import { ConfigError, parseAgentArgs } from './config';
import { DryRunExecutor, RealExecutor } from './executor';
import { createLogger } from './log';

/** `npm run agent -- --server URL --api-key KEY --brand BRAND_ID --name NAME [--dry-run]` (CONTRACT §Mesh agent). */
async function main() {
  let config;
  try {
    config = parseAgentArgs(process.argv.slice(2), process.env);
  } catch (err) {
    if (err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error((err as Error).message);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.name);
  const executor = config.dryRun
    ? new DryRunExecutor({ ollamaUrl: config.ollamaUrl, recordFile: config.recordFile, log: (line) => log.info(line) })
    : new RealExecutor({ dockerBin: config.dockerBin, ollamaUrl: config.ollamaUrl });
  const agent = new Agent(config, executor, log);
  // The first signal lets a running job finish and report; a second one exits at once.
  const shutdown = (signal: string) => {
    if (agent.signal.aborted) process.exit(130);
    log.info(`${signal}: stopping after the current job (send again to exit now)`);
    agent.stop();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  log.info(`agent starting for ${config.server}${config.dryRun ? ' (dry run)' : ''}`);
  try {
    await agent.run();
  } catch (err) {
    if (err instanceof FatalAgentError) {
      log.error(err.message);
      process.exit(1);
    }
    if (!agent.signal.aborted) throw err;
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
