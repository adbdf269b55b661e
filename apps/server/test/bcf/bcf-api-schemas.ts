import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';

/**
 * The official BCF-API JSON schemas (fixtures/bcf-api, verbatim from buildingSMART) as a validator. They are
 * JSON Schema draft-03, which current validators do not read; each file is read into the equivalent draft-07
 * schema in memory (draft-03's property-level `"required": true` becomes the parent's `required` list, and one
 * literal `null` in a type union reads as `"null"`; the files stay untouched) and checked with Ajv. Relative `$ref`s resolve between the files as in the repository.
 */

export const SCHEMAS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/bcf-api/schemas',
);

const BASE = 'https://schemas.obra.test/bcf-api/';

type Node = Record<string, unknown>;

/** draft-03 → draft-07: `required: true` on properties becomes the object's `required` list. */
export function fromDraft03(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromDraft03);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node: Node = {};
  for (const [key, value] of Object.entries(schema as Node)) {
    if (key === '$schema' || (key === 'required' && typeof value === 'boolean')) continue;
    // 2.1's components.json writes the type union ["object", null]: the null type, as everywhere else.
    if (key === 'type' && Array.isArray(value)) {
      node[key] = value.map((t: unknown) => (t === null ? 'null' : t));
      continue;
    }
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      const properties: Node = {};
      const required: string[] = [];
      for (const [name, property] of Object.entries(value as Node)) {
        if ((property as Node | null)?.['required'] === true) required.push(name);
        properties[name] = fromDraft03(property);
      }
      node['properties'] = properties;
      if (required.length > 0) node['required'] = required;
      continue;
    }
    node[key] = fromDraft03(value);
  }
  return node;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : entry.name.endsWith('.json') ? [full] : [];
  });
}

let ajv: Ajv.Ajv | undefined;

function validator(): Ajv.Ajv {
  if (ajv) return ajv;
  const instance = new Ajv({ allErrors: true, unknownFormats: 'ignore' });
  for (const file of walk(SCHEMAS)) {
    const id = BASE + path.relative(SCHEMAS, file).split(path.sep).join('/');
    const schema = fromDraft03(JSON.parse(fs.readFileSync(file, 'utf8'))) as Node;
    instance.addSchema({ ...schema, $id: id }, id);
  }
  ajv = instance;
  return instance;
}

/**
 * The problems of a value against one of the schemas (a path under schemas/, e.g.
 * `3.0/Collaboration/Topic/topic_GET.json`); empty when it validates. `list` validates each item of an array.
 */
export function schemaErrors(schemaPath: string, value: unknown, options: { list?: boolean } = {}): string[] {
  const validate = validator().getSchema(BASE + schemaPath);
  if (!validate) throw new Error(`no schema ${schemaPath}`);
  const items = options.list ? value : [value];
  if (!Array.isArray(items)) return [`expected a list for ${schemaPath}`];
  const errors: string[] = [];
  items.forEach((item, i) => {
    if (!validate(item))
      for (const e of validate.errors ?? [])
        errors.push(`${options.list ? `[${i}]` : ''}${e.dataPath} ${e.message ?? ''}`);
  });
  return errors;
}
