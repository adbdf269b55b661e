import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../../app/guards/guard-test-utils.tsx';
import { ExportMenu } from '../../exports/export-menu.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { DEFAULT_LIST_FILTER } from './list-url-state.ts';

const SLOW = { timeout: 30_000 };
const noop = () => undefined;

describe('"Export the selection" from the selection bar (issue 21)', SLOW, () => {
  it('exports exactly the selected issues through the list export', async () => {
    const fetchMock = vi.fn(async () => new Response('code;title\n', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const createUrl = vi.fn(() => 'blob:export');
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      vi.unstubAllGlobals();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    await renderRoutes(
      [
        {
          path: '/',
          element: (
            <BulkBar
              count={2}
              shown={5}
              onSelectShown={noop}
              onClear={noop}
              onEdit={noop}
              onCopy={noop}
              onMarkRead={noop}
              onMarkUnread={noop}
              busy={false}
              role="coordinator"
              exportMenu={
                <ExportMenu projectId={4} filter={DEFAULT_LIST_FILTER} selectedIds={[31, 42]} inBulkBar />
              }
            />
          ),
        },
      ],
      '/',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export the 2 selected issues' }));
    await user.click(await screen.findByTestId('export-csv'));
    await vi.waitFor(() => expect(createUrl).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/exports/issues.csv');
    expect(JSON.parse(String(init.body))).toMatchObject({ projectId: 4, ids: [31, 42] });
  });
});
