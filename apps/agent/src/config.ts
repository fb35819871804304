import { parseArgs } from 'node:util';

/** Everything the agent reads from its command line and environment, parsed once. */
export interface AgentConfig {
  server: string;
  apiKey: string;
  brandId: string;
  name: string;
  dryRun: boolean;
  /** Append what a dry run would have run (JSON lines) to this file. */
  recordFile?: string;
  ollamaUrl: string;
  dockerBin: string;
  deviceType?: string;
  environment?: string;
  heartbeatMs: number;
  pollMs: number;
  /** Longest wait between retries while the server is unreachable. */
  maxBackoffMs: number;
}

export class ConfigError extends Error {}

export const USAGE = `Usage: npm run agent -- --server URL --api-key KEY --brand BRAND_ID --name NAME [--dry-run]
Options:
  --server URL          console server, e.g. http://localhost:3000
  --api-key KEY         the brand API key (bk_...), from Settings
  --brand BRAND_ID      the brand id, from Settings
  --name NAME           this device's name (re-registering with the same name keeps the device)
  --dry-run             do not run Docker or Ollama; record what would have run
  --record FILE         with --dry-run, append each job's commands to FILE (JSON lines)
  --ollama-url URL      Ollama API (default $OLLAMA_URL or http://127.0.0.1:11434)
  --docker PATH         Docker CLI binary (default $DOCKER_BIN or docker)
  --type TYPE           device type shown in the console (default server; kept when re-registering)
  --environment ENV     environment shown in the console (default Production)
  --heartbeat-ms N      heartbeat interval (default 30000)
  --poll-ms N           how often to look for jobs when idle (default 3000)
  --max-backoff-ms N    longest retry wait while the server is unreachable (default 30000)`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`--${name} must be a positive whole number of milliseconds`);
  return n;
}

export function parseAgentArgs(argv: string[], env: Record<string, string | undefined>): AgentConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      'api-key': { type: 'string' },
      brand: { type: 'string' },
      name: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      record: { type: 'string' },
      'ollama-url': { type: 'string' },
      docker: { type: 'string' },
      type: { type: 'string' },
      environment: { type: 'string' },
      'heartbeat-ms': { type: 'string' },
      'poll-ms': { type: 'string' },
      'max-backoff-ms': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) throw new ConfigError(USAGE);
  const missing = (['server', 'api-key', 'brand', 'name'] as const).filter((k) => !values[k]);
  if (missing.length) throw new ConfigError(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
  let server: URL;
  try {
    server = new URL(values.server!);
  } catch {
    throw new ConfigError(`--server must be a URL such as http://localhost:3000`);
  }
  return {
    server: server.toString().replace(/\/$/, ''),
    apiKey: values['api-key']!,
    brandId: values.brand!,
    name: values.name!,
    dryRun: !!values['dry-run'],
    recordFile: values.record,
    ollamaUrl: (values['ollama-url'] ?? env.OLLAMA_URL ?? 'http://127.0.0.1:11434').replace(/\/$/, ''),
    dockerBin: values.docker ?? env.DOCKER_BIN ?? 'docker',
    deviceType: values.type,
    environment: values.environment,
    heartbeatMs: positiveInt('heartbeat-ms', values['heartbeat-ms'], 30_000),
    pollMs: positiveInt('poll-ms', values['poll-ms'], 3_000),
    maxBackoffMs: positiveInt('max-backoff-ms', values['max-backoff-ms'], 30_000),
  };
}
