import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '@obra/domain';
import { fakeSession, READY_USER, renderRoutes } from '../../../app/guards/guard-test-utils.tsx';
import { BulkBar } from './bulk-bar.tsx';

const noop = () => undefined;

async function showBar(role: ProjectRole | null) {
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
            role={role}
          />
        ),
      },
    ],
    '/',
    fakeSession({ status: 'ready', user: READY_USER }),
  );
  await screen.findByTestId('bulk-bar');
}

describe('the bulk bar follows the issue policy (docs/permissions.md)', () => {
  it('offers "Copy to project" to project administrators and coordinators', async () => {
    await showBar('coordinator');
    expect(screen.getByTestId('bulk-copy')).toBeTruthy();
  });

  it('does not offer it to a collaborator, who may still edit and mark the selection', async () => {
    await showBar('collaborator');
    expect(screen.queryByTestId('bulk-copy')).toBeNull();
    expect(screen.getByTestId('bulk-edit')).toBeTruthy();
  });
});
