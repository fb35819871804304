// `npm test`: type-check, unit and integration tests (embedded PGlite), the same server tests on
// PostgreSQL when TEST_DATABASE_URL is set, then the end-to-end journeys in Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type-check', ['npm', 'run', 'typecheck']],
  ['unit and integration tests (PGlite)', ['npx', 'vitest', 'run'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['server tests (PostgreSQL)', ['npx', 'vitest', 'run', '--project', 'server']]);
} else {
  console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the server tests.');
}
if (process.env.SKIP_E2E !== '1') steps.push(['end-to-end journeys (Chromium)', ['npm', 'run', 'test:e2e']]);

for (const [name, [cmd, ...args], env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
