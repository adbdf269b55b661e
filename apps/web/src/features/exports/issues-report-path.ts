/** The parameters of /issues-report, as the export API takes them (docs/reports.md). */
export interface ReportParams {
  projectId: number;
  /** The issue list's filter JSON. */
  filter?: Record<string, unknown> | undefined;
  ids?: readonly number[] | undefined;
  comments?: boolean;
  history?: boolean;
  images?: boolean;
}

/** The address of the printable report of a filtered list (or of a selection). */
export function issuesReportPath(params: ReportParams): string {
  const search = new URLSearchParams({ projectId: String(params.projectId) });
  if (params.filter) search.set('filter', JSON.stringify(params.filter));
  if (params.ids && params.ids.length > 0) search.set('ids', params.ids.join(','));
  for (const flag of ['comments', 'history', 'images'] as const)
    if (params[flag] !== undefined) search.set(flag, String(params[flag]));
  return `/issues-report?${search.toString()}`;
}
