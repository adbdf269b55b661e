import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { AiCompanyUsage } from './ai-company-usage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('AiCompanyUsage', () => {
  it("shows a company admin the month's tokens against the allowance", async () => {
    stubAuthFetch(
      {},
      { AiCompanyUsage: { data: { aiCompanyUsage: { month: '2026-11', tokens: 1500, limit: 2000 } } } },
    );
    await renderRoutes([{ path: '/', element: <AiCompanyUsage /> }], '/', fakeSession({ user: READY_USER }));
    expect(
      await screen.findByText(
        'AI use in 2026-11: about 1,500 of the 2,000 tokens your company may use this month.',
      ),
    ).toBeTruthy();
  });
});
