// Generates the SQL migrations from the Drizzle schema with drizzle-kit.
// Until the first release the history is kept as a single initial migration, regenerated whole.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync(new URL('../src/db/migrations', import.meta.url), { recursive: true, force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'init'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
