import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { AccessKeysPage } from './access-keys-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const key = {
  id: 5,
  name: 'Power BI',
  keyId: 'ak_123',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
};

describe('AccessKeysPage', SLOW, () => {
  it('shows a new secret once, then lists the key and revokes it only after typing its name', async () => {
    const graphql: Record<string, unknown> = {
      AccessKeys: { data: { accessKeys: [] } },
      CreateAccessKey: { data: { createAccessKey: { secret: 's3cr3t-value', accessKey: key } } },
      RevokeAccessKey: { data: { revokeAccessKey: true } },
    };
    stubAuthFetch({}, graphql);
    await renderRoutes(
      [{ path: '/k', element: <AccessKeysPage /> }],
      '/k',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const user = userEvent.setup();
    expect(await screen.findByTestId('access-keys-empty')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New access key' }));
    const createDialog = await screen.findByRole('dialog');
    await user.type(within(createDialog).getByLabelText(/^Name/), 'Power BI');
    graphql['AccessKeys'] = { data: { accessKeys: [key] } };
    await user.click(within(createDialog).getByRole('button', { name: 'New access key' }));
    expect(await screen.findByTestId('access-key-secret')).toHaveTextContent('s3cr3t-value');
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(await screen.findByTestId('access-keys-table')).toHaveTextContent('Power BI');
    expect(screen.queryByText('s3cr3t-value')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke Power BI' }));
    const revokeDialog = await screen.findByRole('dialog');
    const confirm = within(revokeDialog).getByRole('button', { name: 'Revoke' });
    expect(confirm).toBeDisabled();
    await user.type(within(revokeDialog).getByLabelText('Type Power BI to confirm'), 'Power BI');
    graphql['AccessKeys'] = { data: { accessKeys: [] } };
    await user.click(confirm);
    expect(await screen.findByTestId('access-keys-empty')).toBeInTheDocument();
  });
});
