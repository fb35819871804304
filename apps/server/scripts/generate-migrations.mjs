// Generates the SQL migrations from the Drizzle schema with drizzle-kit.
// Until the first release the history is kept as a single initial migration, regenerated whole:
// it is generated into a temporary folder and swapped in only when drizzle-kit succeeds.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';

const serverDir = new URL('..', import.meta.url).pathname;
const target = join(serverDir, 'src/db/migrations');
const tmp = mkdtempSync(join(serverDir, '.migrations-'));
const config = join(tmp, 'drizzle.config.json');
writeFileSync(config, JSON.stringify({ dialect: 'postgresql', schema: './src/db/schema/index.ts', out: join(tmp, 'out') }));
try {
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'init', '--config', config], { stdio: 'inherit', cwd: serverDir });
  rmSync(target + '.old', { recursive: true, force: true });
  try {
    renameSync(target, target + '.old');
  } catch {
    // no previous migrations
  }
  cpSync(join(tmp, 'out'), target, { recursive: true });
  rmSync(target + '.old', { recursive: true, force: true });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
