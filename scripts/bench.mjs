// `npm run bench [name…]`: runs each benchmark in bench/<name>/index.ts; each prints its figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const all = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`bench/${d.name}/index.ts`))
  .map((d) => d.name);
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of chosen) {
  console.log(`\n=== bench/${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}/index.ts`], { stdio: 'inherit' });
  if (r.status !== 0) console.log(`bench/${name} exited with ${r.status}`);
}
