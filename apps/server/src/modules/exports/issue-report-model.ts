import { enumLabel, exportLabel, type ExportLabel } from './export-labels.ts';
import type { ExportPage } from './export-source.ts';
import {
  describeFilter,
  formatDay,
  formatInstant,
  issueFields,
  loadReportPageExtras,
  type ReportContext,
} from './issue-report-pdf.ts';

/** One labelled value. */
export interface ReportField {
  label: string;
  value: string;
}

/** One issue of the report, every text in the report's language. */
export interface ReportIssue {
  id: number;
  code: string;
  title: string;
  fields: ReportField[];
  description: string | null;
  disciplines: { abbreviation: string; name: string; status: string; deadline: string }[];
  /** The marked-up render when the image has markups, else the original; signed URLs, valid an hour or two. */
  images: { url: string; title: string }[];
  comments: { author: string; at: string; visibility: string; message: string }[];
  history: { at: string; author: string; fields: string }[];
}

/** The issues report as data, for the web's printable page (`/issues-report`): the same content as the PDF. */
export interface ReportModel {
  locale: string;
  projectId: number;
  projectName: string;
  generatedAt: string;
  generatedBy: string;
  /** The report's words (the PDF's), by key. */
  labels: Record<string, string>;
  filters: string[];
  totals: {
    total: number;
    byStatus: { label: string; count: number }[];
    byPriority: { label: string; count: number }[];
  };
  issues: ReportIssue[];
}

const LABEL_KEYS: ExportLabel[] = [
  'reportTitle',
  'project',
  'filters',
  'generatedAt',
  'generatedBy',
  'totals',
  'total',
  'byStatus',
  'byPriority',
  'description',
  'disciplines',
  'discipline',
  'disciplineName',
  'disciplineStatus',
  'deadline',
  'comments',
  'history',
  'images',
  'page',
];

/**
 * Builds the report's data from the same pages, visibility and words as the PDF (issue-report-pdf.ts): the list's
 * filter and visibility through the pages, comments through comment visibility, history through history
 * visibility. Images are links (`origin`: where the browser fetches them), not bytes.
 */
export async function buildIssuesReportModel(
  pages: AsyncIterable<ExportPage>,
  context: ReportContext,
  origin: string,
): Promise<ReportModel> {
  const { locale, lookups, totals, services } = context;
  const label = (key: ExportLabel) => exportLabel(locale, key);
  const issues: ReportIssue[] = [];
  for await (const page of pages) {
    const { images, comments, history } = await loadReportPageExtras(page, context);
    for (const issue of page.issues) {
      const row = issue.row;
      issues.push({
        id: row.id,
        code: row.code,
        title: row.title,
        fields: issueFields(issue, context)
          .filter(([, value]) => value !== '')
          .map(([key, value]) => ({ label: label(key), value })),
        description: row.description || null,
        disciplines: issue.disciplines.map((d) => ({
          abbreviation: d.discipline?.abbreviation ?? '',
          name: d.discipline?.name ?? '',
          status: enumLabel(locale, 'disciplineStatuses', d.status),
          deadline: formatDay(d.deadline ?? row.deadline, locale),
        })),
        images: images
          .filter((i) => i.issueId === row.id && i.commentId === null)
          .map((i) => {
            const file = i.markedUp ?? i.original;
            return { url: services.files.downloadUrl(origin, file.key, file.contentType), title: i.title };
          }),
        comments: (comments.get(row.id) ?? []).map((c) => ({
          author: lookups.users.get(c.row.createdByUserId) ?? '',
          at: formatInstant(c.row.createdAt, locale),
          visibility: enumLabel(locale, 'visibilities', c.row.visibility),
          message: c.row.message,
        })),
        history: (
          (history.get(row.id) ?? []) as { createdAt: Date; userId: number | null; fields: unknown }[]
        ).map((h) => ({
          at: formatInstant(h.createdAt, locale),
          author: h.userId === null ? '' : (lookups.users.get(h.userId) ?? ''),
          fields: h.fields && typeof h.fields === 'object' ? Object.keys(h.fields as object).join(', ') : '',
        })),
      });
    }
  }
  return {
    locale,
    projectId: context.access.project.id,
    projectName: lookups.projectName,
    generatedAt: `${formatInstant(new Date(), locale)} UTC`,
    generatedBy: context.generatedBy,
    labels: Object.fromEntries(LABEL_KEYS.map((k) => [k, label(k)])),
    filters: describeFilter(context.filter, locale, lookups),
    totals: {
      total: totals.total,
      byStatus: [...totals.byStatus].map(([key, count]) => ({
        label: enumLabel(locale, 'issueStatuses', key),
        count,
      })),
      byPriority: [...totals.byPriority].map(([key, count]) => ({
        label: enumLabel(locale, 'priorities', key),
        count,
      })),
    },
    issues,
  };
}
