import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { RetrospectivePage } from './retrospective-page.tsx';

const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const base = {
  year: 2024,
  computedAt: '2025-01-02T03:17:00.000Z',
  minInteractions: 5,
  issuesCreated: null,
  issuesResolved: null,
  projects: null,
  projectRanking: [],
  companyTopPercent: null,
  overallTopPercent: null,
};

async function show(retrospective: Record<string, unknown>) {
  stubAuthFetch({}, { MyRetrospective: { data: { retrospective } } });
  await renderRoutes(
    [{ path: '/workspace/retrospective/:year', element: <RetrospectivePage /> }],
    '/workspace/retrospective/2024',
    fakeSession({ status: 'ready', user: READY_USER }),
  );
}

describe('RetrospectivePage', SLOW, () => {
  it('shows the year’s numbers, ranks and project ranking, with the share button', async () => {
    await show({
      ...base,
      state: 'ready',
      interactions: 42,
      issuesCreated: 12,
      issuesResolved: 7,
      projects: 2,
      projectRanking: [
        { projectId: 1, name: 'Torre Sul', interactions: 30 },
        { projectId: 2, name: 'Edifício Sol', interactions: 12 },
      ],
      companyTopPercent: 50,
      overallTopPercent: 10,
    });
    expect(await screen.findByTestId('retrospective-issuesCreated')).toHaveTextContent('12issues created');
    expect(screen.getByTestId('retrospective-issuesResolved')).toHaveTextContent('7issues resolved');
    expect(screen.getByTestId('retrospective-interactions')).toHaveTextContent('42interactions');
    expect(screen.getByTestId('retrospective-ranks')).toHaveTextContent('Top 10% of everyone in Obra');
    expect(screen.getByTestId('retrospective-ranking')).toHaveTextContent(
      /Torre Sul30 interactions.*Edifício Sol/,
    );
    expect(screen.getByTestId('retrospective-share')).toBeEnabled();
  });

  it('shows the no-data message with the minimum', async () => {
    await show({ ...base, state: 'noData', interactions: 2 });
    expect(await screen.findByTestId('retrospective-no-data')).toHaveTextContent(
      'Not enough activity in 2024 for a retrospective: it takes at least 5 interactions',
    );
    expect(screen.queryByTestId('retrospective-share')).toBeNull();
  });
});
