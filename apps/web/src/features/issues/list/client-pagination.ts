/** Rows per page of client-side pagination (editor §9). */
export const CLIENT_PAGE_SIZE = 20;

/** The number of pages for `count` rows (at least one). */
export function pageCount(count: number, pageSize = CLIENT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Pagination is hidden when everything fits on one page (editor §9). */
export function showPagination(count: number, pageSize = CLIENT_PAGE_SIZE): boolean {
  return pageCount(count, pageSize) > 1;
}

/** The rows of a page (1-based), clamping a page past the end to the last one. */
export function pageSlice<T>(
  items: readonly T[],
  page: number,
  pageSize = CLIENT_PAGE_SIZE,
): { items: T[]; page: number } {
  const last = pageCount(items.length, pageSize);
  const current = Math.min(Math.max(1, page), last);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current };
}
