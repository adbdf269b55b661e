import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIssueUi } from '../issues/view/issue-test-utils.tsx';
import type * as ReadStore from '../../lib/offline/read-store.ts';
import { OfflineProjectToggle } from './offline-project-toggle.tsx';

// The project's "available offline" switch (issue 34) says "available" only once the copy and the screens' code
// are kept: a journey that goes offline on "available" then finds the create form's code. The copy (IndexedDB,
// absent in jsdom) and the sync are held here until the test lets them finish.

const held = vi.hoisted(() => {
  const gates: (() => void)[] = [];
  const gate = () => new Promise<void>((resolve) => gates.push(resolve));
  return { gates, gate, synced: [] as number[], offline: undefined as boolean | undefined };
});

vi.mock('../../lib/offline/read-store.ts', async (original) => ({
  ...(await original<typeof ReadStore>()),
  getProject: async () => (held.offline === undefined ? undefined : { offline: held.offline }),
  setProjectOffline: async (_userId: number, _projectId: number, _name: string, offline: boolean) => {
    await held.gate();
    held.offline = offline;
  },
}));

vi.mock('../../lib/offline/project-sync.ts', () => ({
  syncOfflineProject: async (_client: unknown, _userId: number, projectId: number) => {
    await held.gate();
    held.synced.push(projectId);
  },
}));

vi.mock('./offline-screens.ts', () => ({ keepOfflineScreens: async () => undefined }));

const SLOW = { timeout: 30_000 };

async function release(): Promise<void> {
  await vi.waitFor(() => expect(held.gates.length).toBeGreaterThan(0));
  await act(async () => held.gates.shift()?.());
}

describe('OfflineProjectToggle', SLOW, () => {
  afterEach(() => {
    held.gates.length = 0;
    held.synced.length = 0;
    held.offline = undefined;
    vi.restoreAllMocks();
  });

  it('says it is saving from the click until the project is kept and synced, then available', async () => {
    await renderIssueUi(<OfflineProjectToggle userId={4} projectId={9} name="Torre Norte" />);
    const toggle = screen.getByTestId('offline-project-toggle');
    expect(toggle).toHaveAttribute('data-state', 'online-only');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('data-state', 'syncing');
    await release(); // the project marked in the store
    expect(toggle).toHaveAttribute('data-state', 'syncing');
    await release(); // the sync of its answers
    await vi.waitFor(() => expect(toggle).toHaveAttribute('data-state', 'available'));
    expect(held.synced).toEqual([9]);
  });

  it('marked without a network, is available at once and syncs nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderIssueUi(<OfflineProjectToggle userId={4} projectId={9} name="Torre Norte" />);
    const toggle = screen.getByTestId('offline-project-toggle');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('data-state', 'available');
    await release();
    expect(toggle).toHaveAttribute('data-state', 'available');
    expect(held.synced).toEqual([]);
  });
});
