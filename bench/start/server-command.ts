/** How a bench starts the Obra server: the compiled output (`npm start`, built first) or the source through tsx. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The command line (run from the repository's root); `built` builds the server first. */
export function serverCommand(entry: 'built' | 'tsx'): string[] {
  if (entry === 'tsx') return [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'ignore' });
  return [process.execPath, 'apps/server/dist/main.js'];
}
