// Issue 12 #12: after live updates drop and come back, the open issue loads again (a change made in the gap was
// never pushed).
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider, type Client } from 'urql';
import { fromValue, never } from 'wonka';
import { describe, expect, it, vi } from 'vitest';
import { useIssueDetail } from './use-issue-screen.ts';
import { notifyLiveResumed } from '../../../lib/live-resume.ts';

describe('useIssueDetail', () => {
  it('loads the issue again, from the network, when live updates resume after a gap', async () => {
    const executeQuery = vi.fn((operation: unknown, _context?: { requestPolicy?: string }) =>
      fromValue({ operation, data: { issue: null }, stale: false, hasNext: false }),
    );
    const client = {
      executeQuery,
      executeSubscription: vi.fn(() => never),
      executeMutation: vi.fn(() => never),
    } as unknown as Client;
    const wrapper = ({ children }: { children: ReactNode }) => <Provider value={client}>{children}</Provider>;
    renderHook(() => useIssueDetail(3, 41), { wrapper });
    await waitFor(() => expect(executeQuery).toHaveBeenCalled());
    const before = executeQuery.mock.calls.length;
    act(() => notifyLiveResumed());
    await waitFor(() => expect(executeQuery.mock.calls.length).toBeGreaterThan(before));
    expect(executeQuery.mock.calls.at(-1)?.[1]?.requestPolicy).toBe('network-only');
  });
});
