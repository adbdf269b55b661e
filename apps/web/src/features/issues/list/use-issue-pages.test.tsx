// Issue 12 #12: after live updates drop and come back, the list loads its issues again (whatever changed in the
// gap was never pushed).
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider, type Client } from 'urql';
import { describe, expect, it, vi } from 'vitest';
import { useIssuePages } from './use-issue-pages.ts';
import { inlineEngineClient } from './engine-client.ts';
import { notifyLiveResumed } from '../../../lib/live-resume.ts';
import { prefetchFirstPage } from './first-page-prefetch.ts';

function fakeClient() {
  const query = vi.fn(() => ({
    toPromise: async () => ({
      data: { getIssues: { issues: [], pageInfo: { hasNextPage: false, endCursor: null } } },
    }),
  }));
  const subscription = vi.fn(() => ({ subscribe: () => ({ unsubscribe: () => undefined }) }));
  return { client: { query, subscription } as unknown as Client, query };
}

describe('useIssuePages', () => {
  it('loads the list again when live updates resume after a gap', async () => {
    const { client, query } = fakeClient();
    const engine = inlineEngineClient();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider value={client}>{children}</Provider>;
    const { result } = renderHook(() => useIssuePages(7, engine), { wrapper });
    await waitFor(() => expect(result.current.progress.done).toBe(true));
    expect(query).toHaveBeenCalledTimes(1);
    act(() => notifyLiveResumed());
    await waitFor(() => expect(query).toHaveBeenCalledTimes(2));
    expect(query.mock.calls[1]).toEqual(query.mock.calls[0]);
  });

  it('takes the first page the project frame asked for instead of asking again, once', async () => {
    const { client, query } = fakeClient();
    const engine = inlineEngineClient();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider value={client}>{children}</Provider>;
    // No session in this test: the user id is 0, as the hook reads it.
    prefetchFirstPage(client, 0, 7);
    expect(query).toHaveBeenCalledTimes(1);
    const { result } = renderHook(() => useIssuePages(7, engine), { wrapper });
    await waitFor(() => expect(result.current.progress.done).toBe(true));
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]).toEqual([
      expect.anything(),
      { projectId: 7, first: 500, after: null },
      { requestPolicy: 'network-only' },
    ]);
    // A reload asks anew.
    act(() => result.current.reload());
    await waitFor(() => expect(query).toHaveBeenCalledTimes(2));
  });
});
