// Adds a SQL migration for the changes in the Drizzle schema (drizzle-kit generate).
// Migrations are append-only: never edit or regenerate one that has landed, databases have applied it.
// Usage: npm run db:generate -- <short-name>
import { execFileSync } from 'node:child_process';

const name = process.argv[2];
execFileSync('npx', ['drizzle-kit', 'generate', ...(name ? ['--name', name] : [])], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url),
});
