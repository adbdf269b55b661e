import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, type ApiAnswer, type ApiBody } from '../../lib/api/rest-client.ts';
import './issues-report.css';

/** The report as the server gives it (`/exports/issues-report.json`, docs/reports.md): every text localized. */
export type ReportModel = ApiAnswer<'/exports/issues-report.json', 'post'>;

/**
 * The report's @page rule: A4, its margins, `text` at the top of every page and `page / pages` at the bottom (a
 * CSS string: quotes and backslashes escaped, breaks made spaces). In the page's own <style>, so that it leaves
 * with the page and does not change how other screens print.
 */
export function pageRule(text: string): string {
  const css = text
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/[\n\r\f]/g, ' ')
    .replace(/</g, '\\3c ');
  return [
    '@page { size: A4; margin: 18mm 14mm 16mm;',
    `@top-left { content: "${css}"; font-size: 8pt; color: #52606d; }`,
    "@bottom-right { content: counter(page) ' / ' counter(pages); font-size: 8pt; color: #52606d; } }",
  ].join(' ');
}

type Load =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; report: ReportModel };

/**
 * /issues-report (spec core §2): the issues report of a filtered list as a web page made to be printed (print CSS:
 * A4, a cover, one issue per page, repeated table headers, a running header). The same data, filter and
 * visibility as the PDF (`/exports/issues-report.json`); the browser's print turns it into paper or a PDF.
 */
export function IssuesReportPage() {
  const { t, i18n } = useTranslation('exports');
  const [params] = useSearchParams();
  const projectId = Number(params.get('projectId'));
  const query = params.toString();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!Number.isSafeInteger(projectId) || projectId < 1) return;
    const abort = new AbortController();
    const search = new URLSearchParams(query);
    const body: ApiBody<'/exports/issues-report.json', 'post'> = { locale: i18n.language };
    for (const [key, value] of search) body[key] = value;
    api
      .post('/exports/issues-report.json', { body, signal: abort.signal })
      .then((report) => setLoad({ state: 'ready', report }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({ state: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => abort.abort();
  }, [projectId, query, i18n.language]);

  if (!Number.isSafeInteger(projectId) || projectId < 1)
    return (
      <ReportNotice back={{ to: '/workspace/projects', label: t('report.toProjects') }}>
        <p role="alert">{t('report.missingProject')}</p>
      </ReportNotice>
    );
  const backToList = { to: `/workspace/project/${projectId}/issues`, label: t('report.back') };
  if (load.state === 'loading')
    return (
      <ReportNotice back={backToList} busy>
        <p role="status">{t('report.loading')}</p>
      </ReportNotice>
    );
  if (load.state === 'error')
    return (
      <ReportNotice back={backToList}>
        <p role="alert">
          {t('report.error')} {load.message}
        </p>
      </ReportNotice>
    );
  const { report } = load;
  const label = (key: string) => report.labels[key] ?? key;
  return (
    <main className="issues-report" lang={report.locale} data-testid="issues-report">
      <div className="issues-report__toolbar no-print">
        <Link to={`/workspace/project/${report.projectId}/issues`}>{t('report.back')}</Link>
        <button type="button" onClick={() => window.print()} data-testid="issues-report-print">
          {t('report.print')}
        </button>
      </div>
      <style>{pageRule(`${report.projectName} · ${label('reportTitle')}`)}</style>

      <section className="issues-report__cover" data-testid="issues-report-cover">
        <h1>{label('reportTitle')}</h1>
        <p className="issues-report__project">{report.projectName}</p>
        <p className="issues-report__meta">
          {label('generatedAt')}: {report.generatedAt}
          <br />
          {label('generatedBy')}: {report.generatedBy}
        </p>
        <h2>{label('filters')}</h2>
        <ul>
          {report.filters.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h2>{label('totals')}</h2>
        <p data-testid="issues-report-total">
          {label('total')}: {report.totals.total}
        </p>
        <div className="issues-report__tallies">
          {(
            [
              ['byStatus', report.totals.byStatus],
              ['byPriority', report.totals.byPriority],
            ] as const
          ).map(([key, rows]) => (
            <table key={key}>
              <caption>{label(key)}</caption>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row">{r.label}</th>
                    <td>{r.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
        {report.issues.length === 0 && <p>{t('report.empty')}</p>}
      </section>

      {report.issues.map((issue) => (
        <article key={issue.id} className="issues-report__issue" data-testid="issues-report-issue">
          <h2>
            <span className="issues-report__code">{issue.code}</span> — {issue.title}
          </h2>
          <dl className="issues-report__fields">
            {issue.fields.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          {issue.description && (
            <>
              <h3>{label('description')}</h3>
              <p className="issues-report__text">{issue.description}</p>
            </>
          )}
          {issue.disciplines.length > 0 && (
            <table className="issues-report__disciplines">
              <caption>{label('disciplines')}</caption>
              <thead>
                <tr>
                  <th scope="col">{label('discipline')}</th>
                  <th scope="col">{label('disciplineName')}</th>
                  <th scope="col">{label('disciplineStatus')}</th>
                  <th scope="col">{label('deadline')}</th>
                </tr>
              </thead>
              <tbody>
                {issue.disciplines.map((d) => (
                  <tr key={d.abbreviation}>
                    <td>{d.abbreviation}</td>
                    <td>{d.name}</td>
                    <td>{d.status}</td>
                    <td>{d.deadline}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {issue.images.length > 0 && (
            <div className="issues-report__images">
              {issue.images.map((image, n) => (
                <figure key={image.url}>
                  <img
                    src={image.url}
                    alt={image.title || t('report.image', { n: n + 1, code: issue.code })}
                    data-testid="issues-report-image"
                  />
                  {image.title && <figcaption>{image.title}</figcaption>}
                </figure>
              ))}
            </div>
          )}
          {issue.comments.length > 0 && (
            <section>
              <h3>{label('comments')}</h3>
              {issue.comments.map((c, n) => (
                <div key={n} className="issues-report__comment">
                  <p className="issues-report__meta">
                    {c.author} · {c.at} · {c.visibility}
                  </p>
                  <p className="issues-report__text">{c.message}</p>
                </div>
              ))}
            </section>
          )}
          {issue.history.length > 0 && (
            <section>
              <h3>{label('history')}</h3>
              <ul className="issues-report__history">
                {issue.history.map((h, n) => (
                  <li key={n}>
                    {h.at} · {h.author} · {h.fields}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      ))}
    </main>
  );
}

/** The report's page before it has a report: its title, the state, and the way back. */
function ReportNotice({
  back,
  busy = false,
  children,
}: {
  back: { to: string; label: string };
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('exports');
  return (
    <main
      className="issues-report"
      aria-busy={busy || undefined}
      data-testid={busy ? 'issues-report-loading' : 'issues-report-error'}
    >
      <div className="issues-report__toolbar no-print">
        <Link to={back.to} data-testid="issues-report-back">
          {back.label}
        </Link>
      </div>
      <h1>{t('report.title')}</h1>
      {children}
    </main>
  );
}
