import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';

// The contract of the local APS (aps-test-server.ts): Autodesk's published OpenAPI descriptions (fixtures/aps),
// read once, and the checks of each request and answer against them. A mismatch is one line in `violations`.

/** An answer as the contract sees it: a JSON body, or bytes (which have no schema to check). */
export type ContractAnswer = { status: number; body: unknown } | { status: number; bytes: Buffer };

const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/aps');

export type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  file: string;
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }>; required?: boolean };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let described: Promise<Operation[]> | undefined;

/** The operations of the three descriptions, dereferenced once per test file. */
export function operations(): Promise<Operation[]> {
  described ??= (async () => {
    const all: Operation[] = [];
    for (const file of ['authentication.yaml', 'datamanagement.yaml', 'oss.yaml']) {
      const api = (await SwaggerParser.dereference(path.join(FIXTURES, file))) as unknown as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const [template, item] of Object.entries(api.paths)) {
        const shared = (item['parameters'] as Parameter[] | undefined) ?? [];
        for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head']) {
          const op = item[method] as
            | {
                parameters?: Parameter[];
                requestBody?: Operation['requestBody'];
                responses: Operation['responses'];
              }
            | undefined;
          if (!op) continue;
          const names: string[] = [];
          const source = template
            .split(/(\{[^}]+\})/)
            .map((part) => {
              const m = /^\{(.+)\}$/.exec(part);
              if (!m) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
              names.push(m[1]!);
              return '([^/]+)';
            })
            .join('');
          all.push({
            file,
            method: method.toUpperCase(),
            template,
            pattern: new RegExp(`^${source}$`),
            names,
            parameters: [...shared, ...(op.parameters ?? [])],
            ...(op.requestBody ? { requestBody: op.requestBody } : {}),
            responses: op.responses,
          });
        }
      }
    }
    return all;
  })();
  return described;
}

const ajv = new Ajv({ nullable: true, unknownFormats: 'ignore', allErrors: true, logger: false });
const compiled = new WeakMap<Schema, Ajv.ValidateFunction>();

/** The errors of a value against a schema of the descriptions, '' when it matches. */
export function check(schema: Schema | undefined, value: unknown): string {
  if (!schema) return '';
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? '' : ajv.errorsText(validate.errors, { dataVar: 'value' });
}

/** RFC 6749 §5.2's error answer (the descriptions have none for the token and revoke calls). */
const OAUTH_ERROR: Schema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
};

/** Checks a request against its operation: parameters, undescribed query parameters, the body; returns the body. */
export function checkRequest(
  violations: string[],
  req: IncomingMessage,
  op: Operation,
  params: Record<string, string>,
  query: URLSearchParams,
  raw: string,
): Record<string, string> {
  const where = `${op.method} ${op.template}`;
  for (const p of op.parameters) {
    let values: string[] = [];
    if (p.in === 'path') values = [params[p.name]!];
    else if (p.in === 'query') values = query.getAll(p.name);
    else if (p.in === 'header') {
      const v = req.headers[p.name.toLowerCase()];
      values = v === undefined ? [] : [String(v)];
    }
    if (values.length === 0) {
      if (p.required) violations.push(`${where}: required ${p.in} parameter ${p.name} missing`);
      continue;
    }
    const type = p.schema?.['type'];
    const typed = values.map((v) =>
      type === 'integer' || type === 'number'
        ? Number(v)
        : type === 'boolean'
          ? v === 'true'
            ? true
            : v === 'false'
              ? false
              : v
          : v,
    );
    if (p.name === 'scope') {
      for (const s of values[0]!.split(' ')) {
        const error = check(p.schema, s);
        if (error) violations.push(`${where}: scope ${s}: ${error}`);
      }
      continue;
    }
    const error = check(p.schema, type === 'array' ? typed : typed[0]);
    if (error) violations.push(`${where}: ${p.in} parameter ${p.name}: ${error}`);
  }
  const declared = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of new Set(query.keys()))
    if (!declared.has(name)) violations.push(`${where}: undescribed query parameter ${name}`);
  if (!op.requestBody) {
    if (raw) violations.push(`${where}: a body where none is described`);
    return {};
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
  const content = op.requestBody.content[type];
  if (!content) {
    violations.push(`${where}: body of undescribed type ${type}`);
    return {};
  }
  const body =
    type === 'application/x-www-form-urlencoded'
      ? Object.fromEntries(new URLSearchParams(raw))
      : (JSON.parse(raw || '{}') as Record<string, string>);
  const { scope, ...rest } = body;
  const schema = content.schema;
  const error = check(schema, rest);
  if (error) violations.push(`${where}: body: ${error}`);
  if (scope !== undefined) {
    const scopeSchema = (schema?.['properties'] as Record<string, Schema> | undefined)?.['scope'];
    for (const s of scope.split(' ')) {
      const e = check(scopeSchema, s);
      if (e) violations.push(`${where}: body scope ${s}: ${e}`);
    }
  }
  return body;
}

/** Checks an answer against the operation's description of its status. */
export function checkAnswer(
  violations: string[],
  op: Operation,
  answer: ContractAnswer,
  fault: boolean,
): void {
  const where = `${op.method} ${op.template} → ${answer.status}`;
  const response = op.responses[String(answer.status)];
  if (!('body' in answer)) {
    if (!response && !fault) violations.push(`${where}: undescribed status`);
    return;
  }
  if (!response) {
    const oauth =
      op.template.startsWith('/authentication/v2/') && (answer.status === 400 || answer.status === 401);
    if (oauth) {
      const error = check(OAUTH_ERROR, answer.body);
      if (error) violations.push(`${where}: ${error}`);
    } else if (!fault) violations.push(`${where}: undescribed status`);
    return;
  }
  const schema =
    response.content?.['application/json']?.schema ?? response.content?.['application/vnd.api+json']?.schema;
  const error = check(schema, answer.body);
  if (error) violations.push(`${where}: answer: ${error}`);
}
