import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_KEY_MAX_DAYS, latestAccessKeyExpiry } from '@obra/domain';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { accessKeyExpiryFromDay, CreateAccessKeyDialog } from './access-key-dialogs.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };
const DAY = 86_400_000;

function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

describe('CreateAccessKeyDialog', SLOW, () => {
  it('requires an expiry, proposes 90 days and bounds the date to a year', async () => {
    const onCreate = vi.fn();
    await renderRoutes(
      [
        {
          path: '/k',
          element: (
            <CreateAccessKeyDialog opened busy={false} error={null} onClose={vi.fn()} onCreate={onCreate} />
          ),
        },
      ],
      '/k',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText(/^Expires/);
    const now = Date.now();
    expect(date).toBeRequired();
    expect(date).toHaveValue(localDay(new Date(now + 90 * DAY)));
    expect(date).toHaveAttribute('max', localDay(new Date(now + ACCESS_KEY_MAX_DAYS * DAY)));
    expect(
      within(dialog).getByText(/90 days from today unless you change it, at most 365 days/),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Power BI');
    const submit = within(dialog).getByRole('button', { name: 'New access key' });
    await user.clear(date);
    expect(submit).toBeDisabled();
    await user.type(date, localDay(new Date(now + 30 * DAY)));
    await user.click(submit);
    expect(onCreate).toHaveBeenCalledTimes(1);
    const [name, expiresAt] = onCreate.mock.calls[0] as [string, string];
    expect(name).toBe('Power BI');
    const sent = new Date(expiresAt);
    expect(localDay(sent)).toBe(localDay(new Date(now + 30 * DAY)));
    expect(sent.getHours()).toBe(23);
  });

  it('sends the end of the chosen day, but never past the longest life the server allows', () => {
    const now = new Date(2026, 2, 1, 12, 0, 0);
    expect(accessKeyExpiryFromDay('2026-03-10', now)).toBe(new Date(2026, 2, 10, 23, 59, 59).toISOString());
    const lastDay = localDay(new Date(now.getTime() + ACCESS_KEY_MAX_DAYS * DAY));
    expect(accessKeyExpiryFromDay(lastDay, now)).toBe(latestAccessKeyExpiry(now).toISOString());
  });
});
