import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import type { Random } from './prng.ts';

/** What random values are drawn from: the real ids of both companies' data, and hostile or domain strings. */
export interface ValuePools {
  ints: readonly number[];
  strings: readonly string[];
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"a":1}',
  "' OR 1=1 --",
  '"; drop table issues; --',
  '%',
  '_',
  '%_%',
  '\\',
  '\\u0000',
  '\u0000',
  '\u202e\u202d',
  '😀🏗️',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%2e%2e%2f',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'x'.repeat(300),
  'é'.repeat(1000),
  'Ǆ'.repeat(70),
  '2030-01-01',
  '2030-02-30',
  '1970-01-01',
  '9999-12-31',
  '2030-01-01T10:00:00Z',
  'not-a-date',
  '00000000-0000-0000-0000-000000000000',
  'someone@example.com',
  'a@b',
  '@',
  'http://127.0.0.1:1/',
  'obra_refresh=x',
];

/** Words the domain accepts (statuses, visibilities, priorities, locales…), so that random input often passes validation. */
const DOMAIN_STRINGS = [
  'public',
  'project_management',
  'creator',
  'group',
  'company',
  'active',
  'inactive',
  'resolved',
  'closed',
  'draft',
  'todo',
  'doing',
  'done',
  'not_applicable',
  'high',
  'medium',
  'low',
  'critical',
  'en',
  'es',
  'pt-BR',
  'admin',
  'manager',
  'collaborator',
  'issues',
  'documents',
  'bim',
  'markups',
  'title',
  'code',
  'createdAt',
  'deadline',
  'asc',
  'desc',
  'ARQ',
  'EST',
  'Arquitetura',
  'Fachada',
  'image/png',
  'image/jpeg',
  'photo.png',
  'drawing.pdf',
];

const JSON_KEYS = [
  'text',
  'search',
  'status',
  'statuses',
  'visibility',
  'visibilities',
  'includeDeleted',
  'priority',
  'disciplines',
  'locals',
  'labels',
  'categories',
  'phases',
  'groups',
  'starred',
  'tags',
  'deadline',
  'from',
  'to',
  'sort',
  'order',
  'x',
  'y',
  'z',
  'drawingId',
  'page',
  'documentId',
  'shapes',
  'version',
  'id',
  'ids',
  'userId',
  'companyId',
  'projectId',
  '__proto__',
  'constructor',
  'toString',
  '',
  ' ',
  'a.b',
  'issues',
  'layout',
  'columns',
];

/** Controls how hostile a value may be. */
export interface ValueMode {
  /** Break the type now and then: strings for numbers, nulls for required values, unknown fields… */
  malformed: boolean;
}

/** A random value for an input type (as JSON, for variables). */
export function randomValue(
  type: GraphQLInputType,
  rnd: Random,
  pools: ValuePools,
  mode: ValueMode,
  depth = 0,
): unknown {
  if (mode.malformed && rnd.chance(0.04)) return randomJson(rnd, pools, 2);
  if (isNonNullType(type)) {
    if (mode.malformed && rnd.chance(0.03)) return null;
    return randomValue(type.ofType, rnd, pools, mode, depth);
  }
  if (rnd.chance(0.08)) return null;
  if (isListType(type)) {
    if (mode.malformed && rnd.chance(0.03))
      return Array.from({ length: rnd.pick([1_000, 6_000]) }, () => rnd.pick(pools.ints));
    const length = rnd.pick([0, 1, 1, 2, 3, 5]);
    return Array.from({ length }, () => randomValue(type.ofType, rnd, pools, mode, depth + 1));
  }
  if (isEnumType(type)) {
    return mode.malformed && rnd.chance(0.1) ? rnd.pick(pools.strings) : rnd.pick(type.getValues()).name;
  }
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      const required = isNonNullType(field.type);
      if (!required && rnd.chance(0.4)) continue;
      if (required && mode.malformed && rnd.chance(0.05)) continue;
      out[field.name] = depth > 4 ? null : randomValue(field.type, rnd, pools, mode, depth + 1);
    }
    if (mode.malformed && rnd.chance(0.1))
      out[rnd.pick(JSON_KEYS) || 'unknownField'] = rnd.pick(pools.strings);
    return out;
  }
  if (isScalarType(type)) return randomScalar(type.name, rnd, pools, mode);
  return null;
}

function randomScalar(name: string, rnd: Random, pools: ValuePools, mode: ValueMode): unknown {
  if (mode.malformed && rnd.chance(0.1))
    return rnd.pick<unknown>([rnd.pick(pools.strings), 3.7, true, [], {}, 2 ** 31, -(2 ** 53), 1e308]);
  switch (name) {
    case 'Int':
      return rnd.pick(pools.ints);
    case 'Float':
      return rnd.pick([0, 1.5, -2, 1e10, rnd.pick(pools.ints)]);
    case 'Boolean':
      return rnd.chance(0.5);
    case 'ID':
      return rnd.chance(0.5) ? String(rnd.pick(pools.ints)) : rnd.pick(pools.strings);
    case 'String':
      return rnd.pick(pools.strings);
    case 'JSON':
    case 'JSONObject':
      return randomJson(rnd, pools, 3);
    default:
      // DateTime, Date and the like: strings, some of them well formed.
      return rnd.chance(0.5)
        ? new Date(Date.UTC(2020 + rnd.int(15), rnd.int(12), 1 + rnd.int(28))).toISOString()
        : rnd.pick(pools.strings);
  }
}

/** Random JSON: objects with keys the services look for, arrays, scalars. */
export function randomJson(rnd: Random, pools: ValuePools, depth: number): unknown {
  const kind = depth <= 0 ? rnd.int(4) : rnd.int(7);
  switch (kind) {
    case 0:
      return rnd.pick(pools.ints);
    case 1:
      return rnd.pick(pools.strings);
    case 2:
      return rnd.pick([true, false, null, 0.5, -1]);
    case 3:
      return [];
    case 4:
      return Array.from({ length: rnd.int(4) }, () => randomJson(rnd, pools, depth - 1));
    default: {
      const out: Record<string, unknown> = {};
      for (const key of rnd.some(JSON_KEYS, 4)) out[key] = randomJson(rnd, pools, depth - 1);
      return out;
    }
  }
}

/** JSON text nested `depth` levels deep (arrays or objects), written by hand: JSON.stringify itself would overflow. */
export function deeplyNestedJson(depth: number, rnd: Random): string {
  return rnd.chance(0.5)
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The string pool for a run: hostile strings, domain words, and a few random ones. */
export function stringPool(rnd: Random): string[] {
  const random = Array.from({ length: 12 }, () =>
    Array.from({ length: rnd.between(1, 40) }, () =>
      String.fromCodePoint(rnd.chance(0.8) ? rnd.between(32, 126) : rnd.between(0xa0, 0x2fff)),
    ).join(''),
  );
  return [...HOSTILE_STRINGS, ...DOMAIN_STRINGS, ...DOMAIN_STRINGS, ...random, 'y'.repeat(70_000)];
}

/** Whether a named type's values are printed bare (enums) in a document. */
export function isEnumNamed(type: GraphQLInputType): boolean {
  return isEnumType(getNamedType(type));
}
