import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import type * as ReadStore from '../../lib/offline/read-store.ts';
import type * as DrawingStore from '../../lib/offline/drawing-store.ts';
import { OfflineProjectsSection } from './offline-projects-section.tsx';

// The profile's "Offline on this device" (issue 34): a row per project and per drawing kept, each with its size,
// last sync and remove button. The copy (IndexedDB, absent in jsdom) is in memory here.

const MB = 1024 * 1024;
const dropped: string[] = [];

vi.mock('../../lib/offline/read-store.ts', async (original) => ({
  ...(await original<typeof ReadStore>()),
  listOfflineProjects: async (): Promise<ReadStore.OfflineProjectSize[]> => [
    {
      projectId: 1,
      name: 'Torre Norte',
      offline: true,
      last: false,
      syncedAt: null,
      files: [],
      fileBytes: 0,
      bytes: 3 * MB,
      drawingBytes: 2 * MB,
    },
    {
      projectId: 2,
      name: 'Torre Sul',
      offline: false,
      last: true,
      syncedAt: null,
      files: [],
      fileBytes: 0,
      bytes: MB,
      drawingBytes: 0,
    },
  ],
  dropProject: async (_userId: number, projectId: number) => void dropped.push(`project ${projectId}`),
}));

vi.mock('../../lib/offline/drawing-store.ts', async (original) => ({
  ...(await original<typeof DrawingStore>()),
  listDrawings: async (): Promise<DrawingStore.DrawingSummary[]> => [
    {
      projectId: 1,
      documentId: 7,
      name: 'A-101',
      revision: 'R02',
      bytes: 2 * MB,
      syncedAt: '2026-11-29T08:00:00.000Z',
    },
  ],
  dropDrawing: async (_userId: number, projectId: number, documentId: number) =>
    void dropped.push(`drawing ${projectId}/${documentId}`),
}));

const SLOW = { timeout: 30_000 };

describe('the offline copies on this device', SLOW, () => {
  it('lists each project and drawing kept, with its size, last sync and a remove button', async () => {
    await renderRoutes([{ path: '/', element: <OfflineProjectsSection userId={5} /> }], '/', fakeSession());
    const projects = await screen.findAllByTestId('offline-project');
    expect(projects.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Torre Norte'),
      expect.stringContaining('Torre Sul'),
    ]);
    const [north, south] = projects;
    if (!north || !south) throw new Error('two projects expected');
    expect(north).toHaveTextContent('3.0 MB');
    expect(north).toHaveTextContent('not synced yet');
    expect(within(north).queryByText('last opened')).toBeNull();
    expect(within(south).getByText('last opened')).toBeInTheDocument();
    const [drawing] = await screen.findAllByTestId('offline-drawing-row');
    if (!drawing) throw new Error('a drawing expected');
    expect(drawing).toHaveTextContent('A-101 — revision R02');
    expect(drawing).toHaveTextContent('Torre Norte');
    expect(drawing).toHaveTextContent('2.0 MB');
    const user = userEvent.setup();
    await user.click(within(drawing).getByRole('button', { name: 'Remove' }));
    await user.click(within(south).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(dropped).toEqual(['drawing 1/7', 'project 2']));
  });
});
