import type { IssueFacts } from './issue-types.ts';

/** Search needs at least this many characters (editor §9). */
export const SEARCH_MIN_LENGTH = 2;

/** Lower-cases and strips accents, as PostgreSQL's lower(unaccent()) does, so both sides agree. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A parsed search: phrases in quotes must appear as written; every other word must appear somewhere. */
export interface SearchQuery {
  readonly phrases: readonly string[];
  readonly words: readonly string[];
}

/** Parses a search text into normalised quoted phrases and words; an unclosed quote reads as words. */
export function parseSearch(text: string): SearchQuery {
  const phrases: string[] = [];
  const rest = text.replace(/"([^"]*)"/g, (_match, phrase: string) => {
    const p = normalizeText(phrase).replace(/\s+/g, ' ').trim();
    if (p) phrases.push(p);
    return ' ';
  });
  const words = normalizeText(rest.replace(/"/g, ' '))
    .split(/\s+/)
    .filter((w) => w.length > 0);
  return { phrases, words };
}

/**
 * The search as the list and getIssues apply it: null (no search) below the minimum length (editor §9) or when
 * it has nothing to look for.
 */
export function effectiveSearch(text: string | null | undefined): SearchQuery | null {
  if (!text || text.trim().length < SEARCH_MIN_LENGTH) return null;
  const query = parseSearch(text);
  return isEmptySearch(query) ? null : query;
}

/** True when a search has nothing to look for. */
export function isEmptySearch(query: SearchQuery): boolean {
  return query.phrases.length === 0 && query.words.length === 0;
}

/** The texts of an issue that search looks in (spec core §5). */
export function searchableTexts(
  issue: Pick<IssueFacts, 'code' | 'title' | 'description' | 'imageTitles' | 'documentReferences'>,
): string[] {
  return [
    issue.code,
    issue.title,
    issue.description ?? '',
    ...issue.imageTitles,
    ...issue.documentReferences.flatMap((r) => [r.title ?? '', r.rev ?? '']),
  ]
    .filter((t) => t.length > 0)
    .map((t) => normalizeText(t).replace(/\s+/g, ' '));
}

/**
 * Every word and every phrase must match at least one of the code, title, description, an image title, or a
 * code-document reference (title, rev); each term may match a different field.
 */
export function matchesSearch(issue: Parameters<typeof searchableTexts>[0], query: SearchQuery): boolean {
  return matchesSearchTexts(searchableTexts(issue), query);
}

/** The search rule over the texts searchableTexts made (normalised once, e.g. per version of an issue). */
export function matchesSearchTexts(texts: readonly string[], query: SearchQuery): boolean {
  const found = (term: string) => texts.some((t) => t.includes(term));
  return query.phrases.every(found) && query.words.every(found);
}
