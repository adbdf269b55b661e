import { normalizeText } from '@obra/domain';

/** What a mention trigger opens: people (`@`) or issues (`#code`). */
export type MentionTrigger = '@' | '#';

/** The mention being typed at the caret: its trigger, query and where it starts in the text. */
export interface ActiveMention {
  readonly trigger: MentionTrigger;
  readonly query: string;
  /** Index of the trigger character. */
  readonly start: number;
  /** Index just after the query (the caret). */
  readonly end: number;
}

/** A person who can be mentioned. */
export interface MentionCandidate {
  readonly id: number;
  readonly label: string;
  readonly email?: string | null;
}

/**
 * The mention being typed at `caret`, if any: a trigger at the start or after a space, followed by the query
 * up to the caret without spaces.
 */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)([@#])([^\s@#]*)$/.exec(before);
  if (!match) return null;
  const query = match[3] ?? '';
  const trigger = match[2] as MentionTrigger;
  return { trigger, query, start: caret - query.length - 1, end: caret };
}

/** The candidates matching a query, accent- and case-insensitive on the label and e-mail, at most `limit`. */
export function matchCandidates<T extends MentionCandidate>(
  candidates: readonly T[],
  query: string,
  limit = 8,
): T[] {
  const q = normalizeText(query);
  return candidates.filter((c) => normalizeText(`${c.label} ${c.email ?? ''}`).includes(q)).slice(0, limit);
}

/** Replaces the mention being typed with the chosen text and a space; returns the text and the new caret. */
export function insertMention(
  text: string,
  mention: ActiveMention,
  inserted: string,
): { text: string; caret: number } {
  const replacement = `${mention.trigger}${inserted} `;
  const next = text.slice(0, mention.start) + replacement + text.slice(mention.end);
  return { text: next, caret: mention.start + replacement.length };
}

/** The ids of the chosen people whose `@label` is still in the text (a mention erased from the text is dropped). */
export function mentionedIdsIn(text: string, chosen: readonly MentionCandidate[]): number[] {
  const ids = chosen.filter((c) => text.includes(`@${c.label}`)).map((c) => c.id);
  return [...new Set(ids)];
}

/** A piece of a message: plain text, a mention of a person, or a reference to an issue. */
export type MessageSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'mention'; readonly text: string; readonly userId: number }
  | { readonly kind: 'issue'; readonly text: string; readonly issueId: number };

/**
 * Splits a message into segments: `@label` of the mentioned users (longest label first, so "Ana Maria" wins
 * over "Ana") and `#code` of the issues the reader sees.
 */
export function messageSegments(
  message: string,
  mentioned: readonly MentionCandidate[],
  issues: readonly { id: number; code: string }[],
): MessageSegment[] {
  const people = [...mentioned]
    .filter((m) => m.label.trim() !== '')
    .sort((a, b) => b.label.length - a.label.length);
  const byCode = new Map(issues.map((i) => [i.code, i.id]));
  const segments: MessageSegment[] = [];
  let text = '';
  let i = 0;
  const flush = () => {
    if (text) segments.push({ kind: 'text', text });
    text = '';
  };
  while (i < message.length) {
    const ch = message[i];
    const atBoundary = i === 0 || /\s/.test(message[i - 1] ?? '');
    if (ch === '@' && atBoundary) {
      const person = people.find((p) => message.startsWith(p.label, i + 1));
      if (person) {
        flush();
        segments.push({ kind: 'mention', text: `@${person.label}`, userId: person.id });
        i += person.label.length + 1;
        continue;
      }
    }
    if (ch === '#' && atBoundary) {
      const code = /^[^\s#@.,;:!?)]+/.exec(message.slice(i + 1))?.[0];
      const issueId = code ? byCode.get(code) : undefined;
      if (code && issueId !== undefined) {
        flush();
        segments.push({ kind: 'issue', text: `#${code}`, issueId });
        i += code.length + 1;
        continue;
      }
    }
    text += ch;
    i += 1;
  }
  flush();
  return segments;
}

/** How a person is named in mentions: name and last name, else the e-mail. */
export function personLabel(user: {
  name?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const full = [user.name, user.lastName].filter((p) => p && p.trim() !== '').join(' ');
  return full || user.email || '';
}
