import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const SCHEMAS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/bcf/schemas',
);

/** Which official schema a package entry is validated against (undefined: not an XML document of BCF). */
export function schemaFor(entry: string): string | undefined {
  if (entry === 'bcf.version') return 'version.xsd';
  if (entry === 'project.bcfp') return 'project.xsd';
  if (entry === 'extensions.xml') return 'extensions.xsd';
  if (entry === 'documents.xml') return 'documents.xsd';
  if (entry.endsWith('/markup.bcf')) return 'markup.xsd';
  if (entry.endsWith('.bcfv')) return 'visinfo.xsd';
  return undefined;
}

const systemXmllint = ['/usr/bin/xmllint', '/usr/local/bin/xmllint'].find((p) => fs.existsSync(p));

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024 }, (_error, _stdout, stderr) => resolve(stderr));
  });
}

/**
 * Validates documents against the official XSDs of their version with libxml2: the system `xmllint`
 * (libxml2-utils, which .ci/run installs) in one process per schema, else xmllint compiled to WebAssembly
 * (the xmllint-wasm package; correct but about 2 s per call). Answers the error messages (empty when valid).
 */
export async function validatePackageXml(
  version: '2.1' | '3.0',
  documents: readonly { entry: string; xml: string }[],
): Promise<string[]> {
  const dir = path.join(SCHEMAS, version);
  const bySchema = new Map<string, { entry: string; xml: string }[]>();
  for (const d of documents) {
    const schema = schemaFor(d.entry);
    if (schema) bySchema.set(schema, [...(bySchema.get(schema) ?? []), d]);
  }
  const errors: string[] = [];
  for (const [schema, docs] of bySchema) {
    if (systemXmllint) {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-xsd-'));
      try {
        const files = docs.map((d, i) => {
          const file = path.join(tmp, `${i}-${randomUUID()}.xml`);
          fs.writeFileSync(file, d.xml);
          return file;
        });
        const stderr = await run(systemXmllint, ['--noout', '--schema', path.join(dir, schema), ...files]);
        for (const line of stderr.split('\n')) {
          if (line.trim() === '' || / validates$/.test(line)) continue;
          const index = files.findIndex((f) => line.startsWith(f));
          errors.push(`${docs[index]?.entry ?? schema}: ${line.slice((files[index] ?? '').length)}`);
        }
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
      continue;
    }
    const preload = fs
      .readdirSync(dir)
      .filter((f) => f !== schema && f.endsWith('.xsd') && f !== 'extensions.xsd')
      .map((f) => ({ fileName: f, contents: fs.readFileSync(path.join(dir, f), 'utf8') }));
    const result = await validateXML({
      xml: docs.map((d, i) => ({ fileName: `document-${i}.xml`, contents: d.xml })),
      schema: [{ fileName: schema, contents: fs.readFileSync(path.join(dir, schema), 'utf8') }],
      preload,
    });
    if (!result.valid) errors.push(...result.errors.map((e) => `${schema}: ${e.message}`));
  }
  return errors;
}
