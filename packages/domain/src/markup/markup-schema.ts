import { z } from 'zod';
import {
  EMPTY_MARKUP,
  MARKUP_SCHEMA_VERSION,
  PIN_COLORS,
  type MarkupPin,
  type MarkupState,
  type MarkupViewpoint,
  type Shape,
} from './markup-types.ts';
import { migrateLegacyShape, type LegacyFamily } from './markup-migration.ts';
import type { FieldProblem } from '../validation/field-problems.ts';

const finite = z.number();
const styleSchema = z.object({
  stroke: z.string(),
  fill: z.string().nullable(),
  strokeWidth: finite.min(0),
  opacity: finite.min(0).max(1),
});
const base = {
  id: z.string().min(1),
  name: z.string(),
  x: finite,
  y: finite,
  rotation: finite,
  scaleX: finite,
  scaleY: finite,
  style: styleSchema,
};
const points = z.array(finite).refine((list) => list.length >= 4 && list.length % 2 === 0);

export const rectSchema = z.object({
  ...base,
  kind: z.literal('rect'),
  width: finite,
  height: finite,
  highlight: z.boolean(),
});
export const circleSchema = z.object({ ...base, kind: z.literal('circle'), radius: finite.min(0) });
export const lineSchema = z.object({ ...base, kind: z.literal('line'), points });
export const arrowSchema = z.object({
  ...base,
  kind: z.literal('arrow'),
  points,
  pointerLength: finite.min(0),
  pointerWidth: finite.min(0),
});
export const textSchema = z.object({
  ...base,
  kind: z.literal('text'),
  text: z.string(),
  fontSize: finite.positive(),
  fontFamily: z.string(),
});
export const pinSchema = z.object({ x: finite, y: finite, color: z.enum(PIN_COLORS) });
export const viewpointSchema = z.object({
  width: finite.min(0),
  height: finite.min(0),
  x: finite,
  y: finite,
  scale: finite.positive(),
});

const FAMILIES = [
  ['rects', rectSchema],
  ['circles', circleSchema],
  ['lines', lineSchema],
  ['arrows', arrowSchema],
  ['texts', textSchema],
] as const;

/** What loading found: the usable markup plus what had to be dropped or could not be read. */
export interface MarkupLoadResult {
  readonly markup: MarkupState;
  /** Version found in the input; 0 for legacy markup written before versions existed. */
  readonly sourceVersion: number;
  readonly droppedItems: number;
  readonly problem: 'unreadable' | 'newerVersion' | null;
}

/** The markup JSON as stored: the state plus its schema version. */
export type MarkupDocument = MarkupState & { readonly version: number };

export function serializeMarkup(markup: MarkupState): MarkupDocument {
  return { version: MARKUP_SCHEMA_VERSION, ...markup };
}

function toRecord(input: unknown): Record<string, unknown> | null {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return value as Record<string, unknown>;
}

function readVersion(record: Record<string, unknown>): number {
  const version = record.version;
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : 0;
}

/** Keeps every valid item and counts the rest, so one broken shape does not lose the whole markup. */
function parseFamily(raw: unknown, family: LegacyFamily, legacy: boolean, seen: Set<string>) {
  const schema = FAMILIES.find(([name]) => name === family)?.[1];
  const shapes: Shape[] = [];
  let dropped = 0;
  if (!schema || !Array.isArray(raw)) return { shapes, dropped: raw === undefined || raw === null ? 0 : 1 };
  raw.forEach((item: unknown, index) => {
    const candidate = legacy ? migrateLegacyShape(item, family, index) : item;
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      dropped += 1;
      return;
    }
    let id = parsed.data.id;
    while (seen.has(id)) id = `${id}-copy`;
    seen.add(id);
    shapes.push({ ...parsed.data, id } as Shape);
  });
  return { shapes, dropped };
}

function parseOptional<T>(schema: z.ZodType<T>, raw: unknown): { value: T | null; dropped: number } {
  if (raw === undefined || raw === null) return { value: null, dropped: 0 };
  const parsed = schema.safeParse(raw);
  return parsed.success ? { value: parsed.data, dropped: 0 } : { value: null, dropped: 1 };
}

/** Validates and migrates stored markup; never throws, whatever the input (spec: damaged markup never crashes). */
export function loadMarkup(input: unknown): MarkupLoadResult {
  if (input === undefined || input === null || input === '') {
    return { markup: EMPTY_MARKUP, sourceVersion: MARKUP_SCHEMA_VERSION, droppedItems: 0, problem: null };
  }
  const record = toRecord(input);
  if (!record) return { markup: EMPTY_MARKUP, sourceVersion: 0, droppedItems: 0, problem: 'unreadable' };
  const sourceVersion = readVersion(record);
  const legacy = sourceVersion < MARKUP_SCHEMA_VERSION;
  const seen = new Set<string>();
  let dropped = 0;
  const lists: Record<LegacyFamily, Shape[]> = { rects: [], circles: [], lines: [], arrows: [], texts: [] };
  for (const [family] of FAMILIES) {
    const result = parseFamily(record[family], family, legacy, seen);
    lists[family] = result.shapes;
    dropped += result.dropped;
  }
  const pin = parseOptional<MarkupPin>(pinSchema, record.pin);
  const viewpoint = parseOptional<MarkupViewpoint>(viewpointSchema, record.viewpoint);
  const markup = {
    ...(lists as unknown as Pick<MarkupState, LegacyFamily>),
    pin: pin.value,
    viewpoint: viewpoint.value,
  };
  return {
    markup,
    sourceVersion,
    droppedItems: dropped + pin.dropped + viewpoint.dropped,
    problem: sourceVersion > MARKUP_SCHEMA_VERSION ? 'newerVersion' : null,
  };
}

/**
 * What a stored markUp must be, checked strictly where it is written (the server): absent, or a document that
 * loads whole — readable, not of a newer version, every shape, pin and viewpoint valid. Anything else is one
 * BAD_USER_INPUT problem on the field (loading stays lenient for what is already stored).
 */
export function markupProblems(input: unknown, field: string): FieldProblem[] {
  if (input === undefined || input === null) return [];
  const loaded = loadMarkup(input);
  const reason =
    loaded.problem ??
    (loaded.droppedItems > 0
      ? 'invalidItems'
      : typeof input === 'string' && input.trim() === ''
        ? 'empty'
        : null);
  return reason ? [{ field, code: 'BAD_USER_INPUT', details: { reason } }] : [];
}
