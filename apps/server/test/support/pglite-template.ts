import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumpPgliteTemplate } from '../../src/db/database.ts';

const migrationsDir = path.resolve(import.meta.dirname, '../../src/db/migrations');

/** A key that changes whenever a migration or the PGlite build changes. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const files = fs.readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const pglite = path.resolve(
    import.meta.dirname,
    '../../../../node_modules/@electric-sql/pglite/package.json',
  );
  if (fs.existsSync(pglite)) hash.update(fs.readFileSync(pglite));
  return hash.digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | undefined;

/**
 * The migrated empty database every embedded test server starts from, so that a test file pays ~0.4 s instead
 * of PGlite's initdb (seconds). Built once per migration set and kept in the temp directory; parallel test
 * processes that race to build it each write a whole file and rename it into place.
 */
export function pgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = path.join(os.tmpdir(), `obra-pglite-template-${templateKey()}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const blob = await dumpPgliteTemplate();
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, file);
    return blob;
  })();
  return cached;
}
