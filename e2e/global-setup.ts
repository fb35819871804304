import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    smtpPort: number;
    dnsPort: number;
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

/**
 * Starts the console as `npm start` does (built web app, embedded database, demo data) on an empty
 * data dir and free ports. DNS look-ups go to 127.0.0.1:<dnsPort>, where a test may serve records.
 */
export default async function setup(project: TestProject) {
  const [port, smtpPort, dnsPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: new URL('..', import.meta.url),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      DNS_SERVERS: `127.0.0.1:${dnsPort}`,
      DNS_TIMEOUT_MS: '1500',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      // The built-in assistant answers in end-to-end runs, whatever the developer's shell has set.
      AI_MODEL: 'builtin',
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      OLLAMA_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child, 60_000);
  project.provide('baseUrl', baseUrl);
  project.provide('smtpPort', smtpPort);
  project.provide('dnsPort', dnsPort);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
