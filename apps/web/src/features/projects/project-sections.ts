import { normalizeText } from '@obra/domain';

/** Project status values (spec core §4): 1 active, 0 inactive. */
export const PROJECT_ACTIVE = 1;
export const PROJECT_INACTIVE = 0;

/** The biggest count a badge shows; above it the badge reads "99+" (editor §9). */
export const BADGE_MAX = 99;

/** The text of a counter badge: the number, or "99+" above 99. */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** What the sections need of a project card. */
export interface SectionCard {
  name: string;
  status: number;
  starred: boolean;
}

/** The workspace home's sections: starred first (any status), then the other active and inactive projects. */
export interface ProjectSections<T> {
  starred: T[];
  active: T[];
  inactive: T[];
}

/** Splits cards into sections, keeping those whose name matches the search (accents and case ignored). */
export function projectSections<T extends SectionCard>(
  cards: readonly T[],
  search: string,
): ProjectSections<T> {
  const needle = normalizeText(search.trim());
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  const shown = cards.filter((card) => !needle || normalizeText(card.name).includes(needle)).sort(byName);
  return {
    starred: shown.filter((card) => card.starred),
    active: shown.filter((card) => !card.starred && card.status === PROJECT_ACTIVE),
    inactive: shown.filter((card) => !card.starred && card.status !== PROJECT_ACTIVE),
  };
}

/** Initials for a project without an image: the first letters of its first two words. */
export function projectInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
