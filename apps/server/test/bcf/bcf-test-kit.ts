import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { BcfPackage } from '@obra/domain';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { openBcfArchive } from '../../src/modules/bcf/bcf-zip.ts';
import { readBcfPackage } from '../../src/modules/bcf/bcf-xml-read.ts';
import type { BcfImportReport } from '../../src/modules/bcf/bcf-import-service.ts';
import { validatePackageXml } from './bcf-xsd.ts';

export const CASES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/bcf/cases',
);

/** Every .bcf/.bcfzip under a folder of the cases, relative to CASES. */
export function casesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.bcf(zip)?$/i.test(entry.name)) out.push(path.relative(CASES, full));
    }
  };
  walk(path.join(CASES, folder));
  return out.sort();
}

export interface RestAnswer<T> {
  status: number;
  body: T;
}

/** POST /bcf-xml/projects/{projectId}/imports with the package in `file`. */
export async function importFile(
  t: TestServer,
  user: TestUser | undefined,
  projectId: number | string,
  bytes: Buffer,
  options: { dryRun?: boolean; mapping?: unknown; name?: string } = {},
): Promise<RestAnswer<BcfImportReport & { code?: string; message?: string }>> {
  const form = new FormData();
  if (options.mapping !== undefined) form.append('mapping', JSON.stringify(options.mapping));
  form.append('file', new Blob([new Uint8Array(bytes)]), options.name ?? 'package.bcf');
  const res = await fetch(
    `${t.url}/bcf-xml/projects/${projectId}/imports${options.dryRun ? '?dryRun=true' : ''}`,
    { method: 'POST', body: form, headers: user ? { authorization: `Bearer ${user.token}` } : {} },
  );
  return { status: res.status, body: (await res.json()) as BcfImportReport & { code?: string } };
}

export function caseBytes(relative: string): Buffer {
  return fs.readFileSync(path.join(CASES, relative));
}

/** GET /bcf-xml/projects/{projectId}/export; the package bytes, or the error answer. */
export async function exportFile(
  t: TestServer,
  user: TestUser,
  projectId: number,
  query: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer; json?: { code: string } }> {
  const res = await fetch(`${t.url}/bcf-xml/projects/${projectId}/export?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200)
    return { status: res.status, bytes, json: JSON.parse(bytes.toString()) as { code: string } };
  return { status: res.status, bytes };
}

/** Reads a package from bytes as the importer does, and validates every XML document against its XSD. */
export async function readPackage(
  bytes: Buffer,
  validateAs?: '2.1' | '3.0',
): Promise<{ pkg: BcfPackage; errors: string[]; paths: string[] }> {
  const file = path.join(os.tmpdir(), `obra-bcf-test-${randomUUID()}.bcf`);
  fs.writeFileSync(file, bytes);
  const archive = await openBcfArchive(file);
  try {
    const pkg = await readBcfPackage(archive);
    const documents = [];
    if (validateAs)
      for (const entry of archive.paths)
        documents.push({ entry, xml: (await archive.read(entry)).toString('utf8') });
    const errors = validateAs ? await validatePackageXml(validateAs, documents) : [];
    return { pkg, errors, paths: [...archive.paths] };
  } finally {
    archive.close();
    fs.rmSync(file, { force: true });
  }
}
