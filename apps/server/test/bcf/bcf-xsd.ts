import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const SCHEMAS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/bcf/schemas',
);

/** Which official schema a package entry is validated against (undefined: not an XML document of BCF). */
export function schemaFor(entry: string): string | undefined {
  if (entry === 'bcf.version') return 'version.xsd';
  if (entry === 'project.bcfp') return 'project.bcfp';
  if (entry === 'extensions.xml') return 'extensions.xsd';
  if (entry === 'documents.xml') return 'documents.xsd';
  if (entry.endsWith('/markup.bcf')) return 'markup.xsd';
  if (entry.endsWith('.bcfv')) return 'visinfo.xsd';
  return undefined;
}

/**
 * Validates one document with libxml2 (xmllint compiled to WebAssembly, no system package needed) against
 * the official XSD of its version; answers the error messages (empty when valid).
 */
export async function xsdErrors(version: '2.1' | '3.0', entry: string, xml: string): Promise<string[]> {
  let schemaName = schemaFor(entry);
  if (!schemaName) return [];
  if (schemaName === 'project.bcfp') schemaName = 'project.xsd';
  const dir = path.join(SCHEMAS, version);
  const preload = fs
    .readdirSync(dir)
    .filter((f) => f !== schemaName && f.endsWith('.xsd') && f !== 'extensions.xsd')
    .map((f) => ({ fileName: f, contents: fs.readFileSync(path.join(dir, f), 'utf8') }));
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: schemaName, contents: fs.readFileSync(path.join(dir, schemaName), 'utf8') }],
    preload,
  });
  return result.valid ? [] : result.errors.map((e) => `${entry}: ${e.message}`);
}
