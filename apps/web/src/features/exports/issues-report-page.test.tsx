import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { IssuesReportPage, pageRule, type ReportModel } from './issues-report-page.tsx';
import { issuesReportPath } from './issues-report-path.ts';

const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const REPORT: ReportModel = {
  locale: 'en',
  projectId: 3,
  projectName: 'Torre A',
  generatedAt: '11/26/26, 4:00 AM UTC',
  generatedBy: 'Olga Coordenadora',
  labels: {
    reportTitle: 'Issues report',
    filters: 'Filters',
    totals: 'Totals',
    total: 'Issues',
    byStatus: 'By status',
    byPriority: 'By priority',
    disciplines: 'Disciplines',
    discipline: 'Discipline',
    disciplineName: 'Discipline name',
    disciplineStatus: 'Discipline status',
    deadline: 'Deadline',
    comments: 'Comments',
    description: 'Description',
  },
  filters: ['Search: “fissura”'],
  totals: {
    total: 1,
    byStatus: [{ label: 'Active', count: 1 }],
    byPriority: [{ label: 'High', count: 1 }],
  },
  issues: [
    {
      id: 10,
      code: 'TA-10',
      title: 'Fissura na laje',
      fields: [{ label: 'Status', value: 'Active' }],
      description: 'Fissura de 2 mm',
      disciplines: [{ abbreviation: 'EST', name: 'Estrutura', status: 'To do', deadline: '' }],
      images: [{ url: 'http://localhost/files/a.png?sig=1', title: '' }],
      comments: [{ author: 'Caio', at: '11/25/26', visibility: 'Public', message: 'Vou verificar' }],
      history: [],
    },
  ],
};

describe('issuesReportPath', () => {
  it('carries the list filter, the selection and the options', () => {
    const path = issuesReportPath({
      projectId: 3,
      filter: { standard: 'all', search: 'fissura' },
      ids: [4, 5],
      comments: true,
    });
    const url = new URL(path, 'http://localhost');
    expect(url.pathname).toBe('/issues-report');
    expect(url.searchParams.get('projectId')).toBe('3');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ standard: 'all', search: 'fissura' });
    expect(url.searchParams.get('ids')).toBe('4,5');
    expect(url.searchParams.get('comments')).toBe('true');
    expect(url.searchParams.has('history')).toBe(false);
  });

  it('prints A4 with the running header escaped as a CSS string, and the page numbers', () => {
    const rule = pageRule('Obra "A" \\ B\nC');
    expect(rule).toContain('size: A4;');
    expect(rule).toContain('@top-left { content: "Obra \\"A\\" \\\\ B C";');
    expect(rule).toContain("content: counter(page) ' / ' counter(pages);");
  });
});

describe('IssuesReportPage', SLOW, () => {
  it('asks the server for the report of the address’s filter and shows the cover and each issue', async () => {
    const calls = stubAuthFetch({ 'POST /exports/issues-report.json': [200, REPORT] });
    const filter = JSON.stringify({ search: 'fissura' });
    await renderRoutes(
      [{ path: '/issues-report', element: <IssuesReportPage /> }],
      `/issues-report?projectId=3&filter=${encodeURIComponent(filter)}&comments=true`,
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const cover = await screen.findByTestId('issues-report-cover');
    expect(within(cover).getByRole('heading', { level: 1 })).toHaveTextContent('Issues report');
    expect(cover).toHaveTextContent('Torre A');
    expect(cover).toHaveTextContent('Search: “fissura”');
    expect(screen.getByTestId('issues-report-total')).toHaveTextContent('Issues: 1');
    const [issue] = screen.getAllByTestId('issues-report-issue');
    expect(issue).toHaveTextContent('TA-10 — Fissura na laje');
    expect(issue).toHaveTextContent('Vou verificar');
    expect(within(issue as HTMLElement).getByRole('img')).toHaveAttribute('alt', 'Image 1 of TA-10');
    expect(screen.getByRole('link', { name: 'Back to the issue list' })).toHaveAttribute(
      'href',
      '/workspace/project/3/issues',
    );
    const sent = calls.find((c) => c.path === '/exports/issues-report.json')?.body as Record<string, string>;
    expect(sent).toMatchObject({ projectId: '3', filter, comments: 'true' });
  });

  it('says so when the server refuses', async () => {
    stubAuthFetch({
      'POST /exports/issues-report.json': [404, { code: 'PROJECT_NOT_FOUND', message: 'Project not found' }],
    });
    await renderRoutes(
      [{ path: '/issues-report', element: <IssuesReportPage /> }],
      '/issues-report?projectId=99',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The report could not be prepared. Project not found',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Issues report');
    expect(screen.getByRole('link', { name: 'Back to the issue list' })).toHaveAttribute(
      'href',
      '/workspace/project/99/issues',
    );
  });

  it('without a project, keeps its title and offers the way to the projects', async () => {
    await renderRoutes(
      [{ path: '/issues-report', element: <IssuesReportPage /> }],
      '/issues-report',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Issues report');
    expect(screen.getByRole('alert')).toHaveTextContent("Open the report from a project's issue list.");
    expect(screen.getByRole('link', { name: 'Go to my projects' })).toHaveAttribute(
      'href',
      '/workspace/projects',
    );
  });
});
