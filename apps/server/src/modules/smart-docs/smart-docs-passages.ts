/** Longest passage, in characters (about 200 tokens: a few of them fit any model's window with the question). */
export const PASSAGE_MAX_CHARS = 800;

/**
 * Cuts one page's text into passages of at most PASSAGE_MAX_CHARS characters, at sentence ends where it can, else at
 * word ends (a word longer than a passage is cut). Whitespace is folded; empty pages give no passage. Passages
 * never cross pages, so each names one page.
 */
export function cutPage(text: string, maxChars = PASSAGE_MAX_CHARS): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const sentences = clean.match(/[^.!?;:]+(?:[.!?;:]+|$)\s*/g) ?? [clean];
  const passages: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) passages.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if ((current + sentence).length <= maxChars) {
      current += sentence;
      continue;
    }
    push();
    if (sentence.length <= maxChars) {
      current = sentence;
      continue;
    }
    for (const word of sentence.split(' ')) {
      for (let start = 0; start < Math.max(word.length, 1); start += maxChars) {
        const piece = word.slice(start, start + maxChars);
        if ((current + ' ' + piece).length > maxChars) push();
        current = current ? `${current} ${piece}` : piece;
      }
    }
  }
  push();
  return passages;
}

/** Words too common to tell passages apart (en, es, pt), left out of a question's search terms. */
const STOP_WORDS = new Set(
  `a an and are as at be by do does for from how in is it of on or the to what which who why with
  al con de del el en es la las los para por que se su un una y
  as ao aos com da das do dos e em na nas no nos o os para pela pelo por qual quais que um uma`.split(/\s+/),
);

/**
 * The search terms of a question: its words (letters and digits of any script), lower-case, common words left
 * out, at most 30, each safe inside a tsquery (nothing but letters and digits).
 */
export function searchTerms(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  return [...new Set(terms)].slice(0, 30);
}

/** A vector scaled to length 1 (so that a dot product is the cosine similarity); all zeros stay zeros. */
export function unitVector(vector: readonly number[]): number[] {
  const length = Math.hypot(...vector);
  return length > 0 ? vector.map((x) => x / length) : vector.map(() => 0);
}

/** Reciprocal rank fusion's constant (the usual 60: the lists' top ranks count, no list dominates). */
const RRF_K = 60;

/**
 * Merges ranked lists by reciprocal rank fusion: each item scores the sum over the lists of 1 / (60 + its rank
 * there, from 1), best first (ties by the order of first appearance). Items are told apart by `key`.
 */
export function fuseByRank<T>(lists: readonly (readonly T[])[], key: (item: T) => number): T[] {
  const scored = new Map<number, { item: T; score: number; first: number }>();
  let seen = 0;
  for (const list of lists)
    list.forEach((item, index) => {
      const id = key(item);
      const entry = scored.get(id) ?? { item, score: 0, first: seen++ };
      entry.score += 1 / (RRF_K + index + 1);
      scored.set(id, entry);
    });
  return [...scored.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((e) => e.item);
}
