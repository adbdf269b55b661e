import { TEXT_LIMITS } from '../validation/text-limits.ts';

/**
 * Setup by paste and import (issue 21): a pasted outline or a CSV file turned into a tree of named items with
 * abbreviations, for the locations and labels trees (and a flat list of names for categories).
 */

/** One imported item; `abbreviation` is the one given or one made from the name. */
export interface OutlineItem {
  name: string;
  abbreviation: string;
  children: OutlineItem[];
}

/** A line that could not be taken, with its 1-based number and why. */
export interface OutlineProblem {
  line: number;
  reason: 'tooDeep' | 'nameTooLong' | 'abbreviationTooLong';
}

/** What a paste or file gives. */
export interface OutlineResult {
  items: OutlineItem[];
  problems: OutlineProblem[];
  /** How many items in all (children included). */
  count: number;
}

/** The deepest level an import may create. */
export const OUTLINE_MAX_DEPTH = 8;

function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * An abbreviation made from a name: a short name as it is, the initials of several words, else the first
 * three letters; upper case, without accents; numbers kept ("Pavimento 2" → "P2").
 */
export function abbreviationFor(name: string): string {
  const words = plain(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return '';
  const compact = words.join('');
  let out: string;
  if (compact.length <= 4) out = compact;
  else if (words.length === 1) out = compact.slice(0, 3);
  else out = words.map((w) => (/^\p{N}+$/u.test(w) ? w : w[0])).join('');
  return out.toUpperCase().slice(0, TEXT_LIMITS.abbreviation);
}

/** Makes sibling abbreviations distinct by numbering the repeats (A, A2, A3; B1, B1-2). */
function distinct(items: OutlineItem[]): void {
  const seen = new Map<string, number>();
  for (const item of items) {
    const key = item.abbreviation.toUpperCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) {
      // "B1" repeated becomes "B1-2", not "B12" (which would read as twelve).
      const suffix = /\d$/.test(item.abbreviation) ? `-${n}` : String(n);
      item.abbreviation = `${item.abbreviation.slice(0, TEXT_LIMITS.abbreviation - suffix.length)}${suffix}`;
    }
    distinct(item.children);
  }
}

function count(items: readonly OutlineItem[]): number {
  return items.reduce((sum, i) => sum + 1 + count(i.children), 0);
}

interface Entry {
  depth: number;
  name: string;
  abbreviation: string | null;
  line: number;
}

function build(entries: readonly Entry[], problems: OutlineProblem[]): OutlineResult {
  const roots: OutlineItem[] = [];
  const stack: { depth: number; item: OutlineItem }[] = [];
  for (const entry of entries) {
    if (entry.name.length > TEXT_LIMITS.name) {
      problems.push({ line: entry.line, reason: 'nameTooLong' });
      continue;
    }
    if (entry.abbreviation !== null && entry.abbreviation.length > TEXT_LIMITS.abbreviation) {
      problems.push({ line: entry.line, reason: 'abbreviationTooLong' });
      continue;
    }
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= entry.depth) stack.pop();
    if (stack.length >= OUTLINE_MAX_DEPTH) {
      problems.push({ line: entry.line, reason: 'tooDeep' });
      continue;
    }
    const item: OutlineItem = {
      name: entry.name,
      abbreviation: entry.abbreviation || abbreviationFor(entry.name) || String(entry.line),
      children: [],
    };
    (stack.length > 0 ? stack[stack.length - 1]!.item.children : roots).push(item);
    stack.push({ depth: entry.depth, item });
  }
  distinct(roots);
  return { items: roots, problems, count: count(roots) };
}

/**
 * A pasted list: one item per line, its indentation (spaces or tabs, a tab counting as four spaces) giving
 * its depth under the nearest less-indented line above; an optional abbreviation after a tab
 * ("Térreo<TAB>TER", as two spreadsheet columns paste); list markers (-, *, •) and blank lines are ignored.
 */
export function parseOutline(text: string): OutlineResult {
  const entries: Entry[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const indent = /^[\t ]*/.exec(raw)?.[0] ?? '';
    const depth = [...indent].reduce((d, c) => d + (c === '\t' ? 4 : 1), 0);
    const cells = raw
      .slice(indent.length)
      .split('\t')
      .map((c) => c.trim());
    const name = (cells[0] ?? '').replace(/^[-*•]\s+/, '').trim();
    if (!name) return;
    const abbreviation = cells.slice(1).find((c) => c !== '') ?? null;
    entries.push({ depth, name, abbreviation, line: index + 1 });
  });
  return build(entries, []);
}

/** The cells of one CSV line (RFC 4180 quoting), with ',' or ';' as the separator. */
export function csvCells(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

const NAME_HEADERS = ['name', 'nome', 'nombre'];
const ABBREVIATION_HEADERS = [
  'abbreviation',
  'abreviatura',
  'abreviação',
  'abreviacao',
  'sigla',
  'code',
  'código',
];
const PARENT_HEADERS = ['parent', 'pai', 'padre', 'parent name'];

/**
 * A CSV file (',' or ';' separated, as spreadsheets in English or Portuguese and Spanish save them). With a
 * header naming a `name` column (name/nome/nombre) it reads `abbreviation` and `parent` (the parent's name,
 * found among the rows above) columns too; without one, each row is a path: its non-empty cells from left to
 * right are the levels ("Torre A;Térreo;Hall"), rows sharing a start sharing those items.
 */
export function parseCsvOutline(text: string): OutlineResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.find((l) => l.trim() !== '') ?? '';
  const separator = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows = lines
    .map((l, i) => ({ cells: csvCells(l, separator), line: i + 1 }))
    .filter((r) => r.cells.some(Boolean));
  const header = rows[0]?.cells.map((c) => plain(c).toLowerCase()) ?? [];
  const nameAt = header.findIndex((h) => NAME_HEADERS.includes(h));
  if (nameAt >= 0) {
    const abbreviationAt = header.findIndex((h) => ABBREVIATION_HEADERS.map(plain).includes(h));
    const parentAt = header.findIndex((h) => PARENT_HEADERS.includes(h));
    const problems: OutlineProblem[] = [];
    const roots: OutlineItem[] = [];
    const byName = new Map<string, OutlineItem>();
    const depthOf = new Map<OutlineItem, number>();
    for (const row of rows.slice(1)) {
      const name = row.cells[nameAt] ?? '';
      if (!name) continue;
      const given = abbreviationAt >= 0 ? (row.cells[abbreviationAt] ?? '') : '';
      if (name.length > TEXT_LIMITS.name) {
        problems.push({ line: row.line, reason: 'nameTooLong' });
        continue;
      }
      if (given.length > TEXT_LIMITS.abbreviation) {
        problems.push({ line: row.line, reason: 'abbreviationTooLong' });
        continue;
      }
      const parent = parentAt >= 0 ? byName.get(plain(row.cells[parentAt] ?? '').toLowerCase()) : undefined;
      const depth = parent ? (depthOf.get(parent) ?? 0) + 1 : 0;
      if (depth >= OUTLINE_MAX_DEPTH) {
        problems.push({ line: row.line, reason: 'tooDeep' });
        continue;
      }
      const item: OutlineItem = {
        name,
        abbreviation: given || abbreviationFor(name) || String(row.line),
        children: [],
      };
      (parent ? parent.children : roots).push(item);
      depthOf.set(item, depth);
      byName.set(plain(name).toLowerCase(), item);
    }
    distinct(roots);
    return { items: roots, problems, count: count(roots) };
  }
  // Paths: each row's cells are the levels; a level already made by a row above is reused.
  const problems: OutlineProblem[] = [];
  const roots: OutlineItem[] = [];
  const made = new Map<string, OutlineItem>();
  for (const row of rows) {
    const path = row.cells.filter(Boolean).slice(0, OUTLINE_MAX_DEPTH);
    if (row.cells.filter(Boolean).length > OUTLINE_MAX_DEPTH)
      problems.push({ line: row.line, reason: 'tooDeep' });
    let siblings = roots;
    let key = '';
    for (const name of path) {
      if (name.length > TEXT_LIMITS.name) {
        problems.push({ line: row.line, reason: 'nameTooLong' });
        break;
      }
      key = `${key}\u0000${plain(name).toLowerCase()}`;
      let item = made.get(key);
      if (!item) {
        item = { name, abbreviation: abbreviationFor(name) || String(row.line), children: [] };
        made.set(key, item);
        siblings.push(item);
      }
      siblings = item.children;
    }
  }
  distinct(roots);
  return { items: roots, problems, count: count(roots) };
}

/** The names of a pasted or imported flat list (categories): one per line or per first CSV cell, each once. */
export function parseNameList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const name = (csvCells(raw, raw.includes(';') ? ';' : ',')[0] ?? '').replace(/^[-*•]\s+/, '').trim();
    const key = plain(name).toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}
