import changelog from '../../../../../CHANGELOG.md?raw';
import webPackage from '../../../package.json?raw';

/** The web app's version (apps/web/package.json), bundled at build time. */
export const WEB_VERSION = (JSON.parse(webPackage) as { version: string }).version;

/** One release of the changelog: its date and its changes. */
export interface Release {
  date: string;
  changes: string[];
}

/** The repository's CHANGELOG.md, bundled at build time, as releases newest first. */
export function releases(text: string = changelog): Release[] {
  const found: Release[] = [];
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading?.[1]) found.push({ date: heading[1].trim(), changes: [] });
    else if (line.startsWith('- ') && found.length > 0)
      found[found.length - 1]?.changes.push(line.slice(2).trim());
    else if (/^ {2}\S/.test(line) && found.length > 0) {
      const changes = found[found.length - 1]?.changes;
      if (changes && changes.length > 0) changes[changes.length - 1] += ` ${line.trim()}`;
    }
  }
  return found;
}

/** The pages of the product's docs the manual shows (the docs are written in English). */
const MANUAL_PAGES = import.meta.glob<string>(
  [
    '../../../../../docs/web-issues.md',
    '../../../../../docs/web-projects.md',
    '../../../../../docs/drive.md',
    '../../../../../docs/viewer.md',
    '../../../../../docs/dashboards.md',
    '../../../../../docs/notifications.md',
    '../../../../../docs/workspace.md',
  ],
  { query: '?raw', import: 'default' },
);

/** A page of the manual. */
export interface ManualPage {
  id: string;
  title: string;
  text: string;
}

/** Loads the manual's pages (their own chunk, fetched when the manual is opened). */
export async function loadManual(): Promise<ManualPage[]> {
  const pages = await Promise.all(
    Object.entries(MANUAL_PAGES).map(async ([file, load]) => {
      const text = await load();
      const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? file;
      return { id: file.replace(/^.*\//, '').replace(/\.md$/, ''), title, text };
    }),
  );
  return pages.sort((a, b) => a.title.localeCompare(b.title));
}

/** The manual's pages that mention every word of `query` (case and accents ignored), with their match counts. */
export function searchManual(
  pages: readonly ManualPage[],
  query: string,
): { page: ManualPage; hits: number }[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return pages.map((page) => ({ page, hits: 0 }));
  return pages
    .map((page) => {
      const text = fold(`${page.title}\n${page.text}`);
      if (!words.every((w) => text.includes(w))) return null;
      const hits = words.reduce((sum, w) => sum + text.split(w).length - 1, 0);
      return { page, hits };
    })
    .filter((r): r is { page: ManualPage; hits: number } => r !== null)
    .sort((a, b) => b.hits - a.hits);
}
