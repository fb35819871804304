import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A running agent CLI (`npx tsx apps/agent/src/cli.ts ...`) in its own process group. */
export interface AgentProcess {
  child: ChildProcess;
  /** Everything the agent logged so far. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGKILL to the whole group (tsx runs the agent in a child process). */
  kill(signal?: NodeJS.Signals): void;
}

export function spawnAgent(args: string[], env: Record<string, string> = {}): AgentProcess {
  const child = spawn('npx', ['tsx', 'apps/agent/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, NODE_OPTIONS: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    kill(signal = 'SIGKILL') {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    },
  };
}

/** Polls until `check` returns a value (not undefined/false), or fails with the last seen state. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A fake Docker CLI (a real executable) that keeps its containers in a JSON file and logs every
 * call: `pull` of an image containing `does-not-exist` fails like the daemon does, one containing
 * `slow` hangs for two minutes.
 */
export function fakeDocker(): { bin: string; log: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-docker-'));
  const bin = join(dir, 'docker');
  const log = join(dir, 'calls.log');
  const state = join(dir, 'containers.json');
  writeFileSync(state, JSON.stringify([{ Names: 'redis-cache', Image: 'redis:7.4', State: 'exited', Status: 'Exited (0) 2 hours ago', Ports: '' }]));
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
const state = ${JSON.stringify(state)};
const load = () => JSON.parse(fs.readFileSync(state, 'utf8'));
const save = (c) => fs.writeFileSync(state, JSON.stringify(c));
const [cmd, ...rest] = args;
if (cmd === 'ps') { for (const c of load()) console.log(JSON.stringify(c)); process.exit(0); }
if (cmd === 'pull') {
  const image = rest[0];
  if (image.includes('does-not-exist')) { console.error('Error response from daemon: pull access denied for ' + image + ', repository does not exist or may require docker login'); process.exit(1); }
  if (image.includes('slow')) { setTimeout(() => process.exit(0), 120000); return; }
  console.log('Status: Downloaded newer image for ' + image); process.exit(0);
}
if (cmd === 'rm') { const name = rest[rest.length - 1]; save(load().filter((c) => c.Names !== name)); process.exit(0); }
if (cmd === 'run') {
  let name = '', ports = [], i = 0;
  for (; i < rest.length; i++) {
    if (rest[i] === '--name') name = rest[++i];
    else if (rest[i] === '-p') ports.push(rest[++i]);
    else if (rest[i] === '-e' || rest[i] === '--restart') i++;
    else if (rest[i] === '-d') continue;
    else break;
  }
  const image = rest[i];
  const c = load().filter((x) => x.Names !== name);
  c.push({ Names: name, Image: image, State: 'running', Status: 'Up 1 second', Ports: ports.map((p) => '0.0.0.0:' + p.split(':')[0] + '->' + p.split(':').pop() + '/tcp').join(', ') });
  save(c);
  console.log('4f2c'.repeat(16)); process.exit(0);
}
if (cmd === 'restart' || cmd === 'start') {
  const c = load(); const found = c.find((x) => x.Names === rest[0]);
  if (!found) { console.error('Error response from daemon: No such container: ' + rest[0]); process.exit(1); }
  found.State = 'running'; found.Status = 'Up 1 second'; save(c); console.log(rest[0]); process.exit(0);
}
console.error('unknown command ' + cmd); process.exit(1);
`,
  );
  chmodSync(bin, 0o755);
  return { bin, log, dir };
}

/** A fake Ollama speaking its HTTP API on 127.0.0.1: /api/version, /api/pull, /api/tags. */
export async function fakeOllama(): Promise<{ url: string; pulls: string[]; close(): Promise<void> }> {
  const pulls: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/api/version') return res.end(JSON.stringify({ version: '0.5.1' }));
      if (req.method === 'GET' && req.url === '/api/tags') {
        return res.end(JSON.stringify({ models: [{ name: 'llama3.2:1b', size: 1321098329, modified_at: '2026-10-30T09:00:00Z', digest: 'baf6a787fdff' }] }));
      }
      if (req.method === 'POST' && req.url === '/api/pull') {
        const { model } = JSON.parse(body) as { model: string };
        pulls.push(model);
        if (model.startsWith('missing')) {
          res.statusCode = 500;
          return res.end(JSON.stringify({ error: 'pull model manifest: file does not exist' }));
        }
        return res.end(JSON.stringify({ status: 'success' }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, pulls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
