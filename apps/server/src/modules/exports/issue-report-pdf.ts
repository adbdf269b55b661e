import { once } from 'node:events';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import {
  COMMENT_VISIBILITIES,
  ISSUE_CATEGORIES,
  PROJECT_PHASES,
  type IssueFilter,
  type Locale,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { IssueView } from '../issues/issue-repository.ts';
import { loadIssueImages, type ImageView } from '../issues/images/issue-image-repository.ts';
import { commentViewsOfIssues } from '../issues/comments/issue-comment-query-service.ts';
import type { CommentView } from '../issues/comments/issue-comment-repository.ts';
import { loadVisibleHistory } from '../issues/list/issue-query-service.ts';
import { readDatabase } from '../../db/read-replicas.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import { enumLabel, exportLabel, type ExportLabel } from './export-labels.ts';
import { userNames, type ExportLookups, type ExportPage } from './export-source.ts';

/** What the report shows besides each issue's fields, disciplines and images. */
export interface ReportOptions {
  comments: boolean;
  history: boolean;
  images: boolean;
}

/** The cover's figures, counted before the issues are written (a first, light pass over the list). */
export interface ReportTotals {
  total: number;
  byStatus: Map<string, number>;
  byPriority: Map<string, number>;
}

/** What the report is written with. */
export interface ReportContext {
  services: AppServices;
  access: ProjectAccess;
  locale: Locale;
  lookups: ExportLookups;
  filter: IssueFilter;
  totals: ReportTotals;
  options: ReportOptions;
  generatedBy: string;
}

const MARGIN = 50;
const IMAGE_MAX_PX = 1400;
const categoryKey = new Map<number, string>(ISSUE_CATEGORIES.map((c) => [c.id, c.key]));
const phaseKey = new Map<number, string>(PROJECT_PHASES.map((p) => [p.id, p.key]));

/** The filter in words, for the cover. */
export function describeFilter(filter: IssueFilter, locale: Locale, lookups: ExportLookups): string[] {
  const lines: string[] = [];
  if (filter.ids) lines.push(`${exportLabel(locale, 'selection')}: ${filter.ids.length}`);
  if (filter.standard !== 'all' && filter.standard !== 'custom')
    lines.push(
      `${exportLabel(locale, 'standardFilter')}: ${enumLabel(locale, 'standardFilters', filter.standard)}`,
    );
  if (filter.search?.trim()) lines.push(`${exportLabel(locale, 'search')}: “${filter.search.trim()}”`);
  for (const c of filter.conditions) {
    if ('from' in c || 'to' in c) {
      const range = c as { from?: string; to?: string };
      lines.push(`${c.field}: ${range.from ?? '…'} – ${range.to ?? '…'}`);
      continue;
    }
    const values = (c as { values: (string | number)[] }).values.map((v) => {
      switch (c.field) {
        case 'status':
          return enumLabel(locale, 'issueStatuses', String(v));
        case 'priority':
          return enumLabel(locale, 'priorities', String(v));
        case 'visibility':
          return enumLabel(locale, 'visibilities', String(v));
        case 'disciplineStatus':
          return enumLabel(locale, 'disciplineStatuses', String(v));
        case 'category':
          return enumLabel(locale, 'categories', categoryKey.get(Number(v)) ?? String(v));
        case 'local':
          return lookups.locals.get(Number(v))?.path ?? String(v);
        case 'label':
          return lookups.labels.get(Number(v))?.path ?? String(v);
        case 'group':
          return lookups.groups.get(Number(v)) ?? String(v);
        default:
          return String(v);
      }
    });
    lines.push(`${c.field}: ${values.join(', ')}`);
  }
  return lines.length > 0 ? lines : [exportLabel(locale, 'noFilter')];
}

/** An image as JPEG within IMAGE_MAX_PX (pdfkit embeds JPEG and PNG only; photos are resized, not kept whole). */
async function imageBytes(services: AppServices, image: ImageView): Promise<Buffer | undefined> {
  const file = image.markedUp ?? image.original;
  try {
    const bytes = await services.files.store.read(file.key);
    return await sharp(bytes)
      .rotate()
      .resize({ width: IMAGE_MAX_PX, height: IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78 })
      .toBuffer();
  } catch {
    // A missing or unreadable file leaves the image out rather than failing the whole report.
    return undefined;
  }
}

/** An instant as the report shows it (UTC, short). */
export function formatInstant(value: Date | null, locale: Locale): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(value);
}

/** A day as the report shows it. */
export function formatDay(value: string | null, locale: Locale): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );
}

/**
 * Writes the issues report (PDF) to `out` with pdfkit, streamed: the cover (project, filter, totals), then
 * each issue with its fields, per-discipline statuses, images with their markups (the marked-up render when
 * there is one), and optionally its comments and history. Pages are not buffered: memory holds one page of
 * issues and one image at a time.
 */
export async function writeIssuesReport(
  pages: AsyncIterable<ExportPage>,
  context: ReportContext,
  out: Writable,
): Promise<number> {
  const { locale, lookups, totals, options, services } = context;
  const label = (key: ExportLabel) => exportLabel(locale, key);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: false,
    info: {
      Title: `${label('reportTitle')} — ${lookups.projectName}`,
      Author: context.generatedBy,
      Creator: 'Obra',
    },
  });
  doc.pipe(out);
  const width = doc.page.width - 2 * MARGIN;
  let pageNumber = 1;
  const footer = () => {
    const bottom = doc.page.height - MARGIN / 2 - 8;
    // Written in the bottom margin: without lifting the margin, pdfkit would start a new page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666666')
      .text(
        `${lookups.projectName} · ${label('reportTitle')} · ${label('page')} ${pageNumber}`,
        MARGIN,
        bottom,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = margin;
    doc.fillColor('#000000');
    doc.x = MARGIN;
    doc.y = MARGIN;
  };
  doc.on('pageAdded', () => {
    pageNumber++;
    footer();
  });

  // Cover.
  doc.font('Helvetica-Bold').fontSize(24).text(label('reportTitle'), { width });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(16).text(lookups.projectName, { width });
  doc.moveDown(1);
  doc.fontSize(10).fillColor('#444444');
  doc.text(`${label('generatedAt')}: ${formatInstant(new Date(), locale)} UTC`);
  doc.text(`${label('generatedBy')}: ${context.generatedBy}`);
  doc.fillColor('#000000').moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text(label('filters'));
  doc.font('Helvetica').fontSize(10);
  for (const line of describeFilter(context.filter, locale, lookups)) doc.text(`• ${line}`, { width });
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text(label('totals'));
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${label('total')}: ${totals.total}`);
  doc.moveDown(0.5);
  const tally = (title: ExportLabel, counts: Map<string, number>, group: string) => {
    doc.font('Helvetica-Bold').text(label(title));
    doc.font('Helvetica');
    for (const [key, n] of counts) doc.text(`${enumLabel(locale, group, key)}: ${n}`, { indent: 12 });
    doc.moveDown(0.5);
  };
  tally('byStatus', totals.byStatus, 'issueStatuses');
  tally('byPriority', totals.byPriority, 'priorities');
  footer();

  let count = 0;
  for await (const page of pages) {
    const { images, comments, history } = await loadReportPageExtras(page, context);
    for (const issue of page.issues) {
      doc.addPage();
      writeIssue(doc, issue, context, width);
      for (const image of images.filter((i) => i.issueId === issue.row.id)) {
        const bytes = await imageBytes(services, image);
        if (!bytes) continue;
        const meta = await sharp(bytes).metadata();
        const w = meta.width ?? 1;
        const h = meta.height ?? 1;
        const scale = Math.min(width / w, 320 / h, 1);
        if (doc.y + h * scale + 30 > doc.page.height - MARGIN) doc.addPage();
        doc.image(bytes, MARGIN, doc.y, { width: w * scale, height: h * scale });
        doc.y += h * scale + 4;
        if (image.title)
          doc.font('Helvetica-Oblique').fontSize(9).text(image.title, MARGIN, doc.y, { width });
        doc.moveDown(0.5);
      }
      if (options.comments) {
        const list = comments.get(issue.row.id) ?? [];
        if (list.length > 0) {
          doc
            .moveDown(0.5)
            .font('Helvetica-Bold')
            .fontSize(11)
            .text(label('comments'), MARGIN, doc.y, { width });
          for (const c of list) {
            doc
              .font('Helvetica-Bold')
              .fontSize(9)
              .text(
                `${lookups.users.get(c.row.createdByUserId) ?? ''} · ${formatInstant(c.row.createdAt, locale)} · ${enumLabel(locale, 'visibilities', c.row.visibility)}`,
                { width },
              );
            doc.font('Helvetica').fontSize(9).text(c.row.message, { width });
            doc.moveDown(0.3);
          }
        }
      }
      if (options.history) {
        const entries = history.get(issue.row.id) ?? [];
        if (entries.length > 0) {
          doc
            .moveDown(0.5)
            .font('Helvetica-Bold')
            .fontSize(11)
            .text(label('history'), MARGIN, doc.y, { width });
          for (const h of entries as { createdAt: Date; userId: number | null; fields: unknown }[]) {
            const fields =
              h.fields && typeof h.fields === 'object' ? Object.keys(h.fields as object).join(', ') : '';
            doc
              .font('Helvetica')
              .fontSize(9)
              .text(
                `${formatInstant(h.createdAt, locale)} · ${h.userId === null ? '' : (lookups.users.get(h.userId) ?? '')} · ${fields}`,
                { width },
              );
          }
        }
      }
      count++;
    }
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  doc.end();
  await once(doc, 'end');
  return count;
}

/** The fields of an issue in the report, labelled, in the report's language (empty values included). */
export function issueFields(
  issue: IssueView,
  context: Pick<ReportContext, 'locale' | 'lookups'>,
): [ExportLabel, string][] {
  const { locale, lookups } = context;
  const row = issue.row;
  const names = (ids: readonly number[], tree: ExportLookups['locals']) =>
    ids
      .map((id) => tree.get(id)?.path)
      .filter(Boolean)
      .join('; ');
  return [
    ['status', enumLabel(locale, 'issueStatuses', row.status)],
    ['priority', enumLabel(locale, 'priorities', row.priority)],
    ['visibility', enumLabel(locale, 'visibilities', row.visibility)],
    [
      'category',
      row.categoryId === null ? '' : enumLabel(locale, 'categories', categoryKey.get(row.categoryId) ?? null),
    ],
    [
      'creationPhase',
      row.creationPhase === null ? '' : enumLabel(locale, 'phases', phaseKey.get(row.creationPhase) ?? null),
    ],
    [
      'resolutionPhase',
      row.resolutionPhase === null
        ? ''
        : enumLabel(locale, 'phases', phaseKey.get(row.resolutionPhase) ?? null),
    ],
    ['deadline', formatDay(row.deadline, locale)],
    ['locals', names(issue.localIds, lookups.locals)],
    ['labels', names(issue.labelIds, lookups.labels)],
    ['group', row.groupId === null ? '' : (lookups.groups.get(row.groupId) ?? '')],
    ['createdBy', lookups.users.get(row.createdByUserId) ?? ''],
    ['createdAt', `${formatInstant(row.createdAt, locale)} UTC`],
  ];
}

function writeIssue(doc: PDFKit.PDFDocument, issue: IssueView, context: ReportContext, width: number): void {
  const { locale } = context;
  const label = (key: ExportLabel) => exportLabel(locale, key);
  const row = issue.row;
  doc.font('Helvetica-Bold').fontSize(14).text(`${row.code} — ${row.title}`, MARGIN, doc.y, { width });
  doc.moveDown(0.4);
  const fields = issueFields(issue, context);
  doc.fontSize(9);
  for (const [key, value] of fields) {
    if (!value) continue;
    doc.font('Helvetica-Bold').text(`${label(key)}: `, { continued: true, width });
    doc.font('Helvetica').text(value, { width });
  }
  if (row.description) {
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text(label('description'), { width });
    doc.font('Helvetica').fontSize(9).text(row.description, { width });
  }
  if (issue.disciplines.length > 0) {
    doc
      .moveDown(0.5)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(label('disciplines'), MARGIN, doc.y, { width });
    const columns = [0, 0.18, 0.55, 0.78].map((f) => MARGIN + f * width);
    const header = [
      label('discipline'),
      label('disciplineName'),
      label('disciplineStatus'),
      label('deadline'),
    ];
    const line = (cells: string[], bold: boolean) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      cells.forEach((cell, i) =>
        doc.text(cell, columns[i] ?? MARGIN, y, {
          width: (columns[i + 1] ?? MARGIN + width) - (columns[i] ?? MARGIN) - 4,
          lineBreak: false,
          ellipsis: true,
        }),
      );
      doc.x = MARGIN;
      doc.y = y + 13;
    };
    line(header, true);
    for (const d of issue.disciplines)
      line(
        [
          d.discipline?.abbreviation ?? '',
          d.discipline?.name ?? '',
          enumLabel(locale, 'disciplineStatuses', d.status),
          formatDay(d.deadline ?? row.deadline, locale),
        ],
        false,
      );
  }
  doc.moveDown(0.5);
}

/**
 * What one page of a report shows beside its issues, as the options ask: their images, the comments and history
 * this reader may see; the names of everyone they name go into the context's lookups.
 */
export async function loadReportPageExtras(page: ExportPage, context: ReportContext) {
  const { options, services, lookups } = context;
  const db = readDatabase(services, context.access.actor);
  const ids = page.issues.map((v) => v.row.id);
  const images = options.images ? await loadIssueImages(db, ids) : [];
  const comments = options.comments
    ? await commentViewsOfIssues(
        services,
        context.access,
        new Map(page.issues.map((v) => [v.row.id, v.row.visibility])),
        { visibilities: COMMENT_VISIBILITIES, includeDeleted: false },
      )
    : new Map<number, CommentView[]>();
  const history = options.history
    ? await loadVisibleHistory(
        services,
        context.access,
        page.issues.map((v) => v.row),
        db,
      )
    : new Map<never, never>();
  await userNames(db, lookups, [
    ...page.issues.map((v) => v.row.createdByUserId),
    ...[...comments.values()].flat().map((c) => c.row.createdByUserId),
    ...[...history.values()].flat().map((h: { userId: number | null }) => h.userId),
  ]);
  return { images, comments, history };
}
