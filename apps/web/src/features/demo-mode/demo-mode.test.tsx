import { screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { DEMO_BANNER_ID, DemoBanner, demoLock, useDemoLock } from './demo-mode.tsx';

const SLOW = { timeout: 30_000 };

function Screen() {
  const { lock } = useDemoLock();
  return (
    <>
      <DemoBanner />
      <Button {...lock}>New issue</Button>
    </>
  );
}

async function show(isDemo: boolean) {
  await renderRoutes(
    [{ path: '/', element: <Screen /> }],
    '/',
    fakeSession({ status: 'ready', user: { ...READY_USER, isDemo } }),
  );
}

describe('demo mode (issue 21)', SLOW, () => {
  it('locks nothing outside demo mode', () => {
    expect(demoLock(false, 'why')).toEqual({});
    expect(demoLock(true, 'why')).toEqual({
      disabled: true,
      title: 'why',
      'aria-describedby': DEMO_BANNER_ID,
    });
  });

  it('shows the read-only banner and disables the controls of a demo account, saying why', async () => {
    await show(true);
    const banner = await screen.findByTestId('demo-banner');
    expect(banner).toHaveTextContent('Demo — read only');
    const button = screen.getByRole('button', { name: 'New issue' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Not available in the demo (read only)');
    expect(button).toHaveAccessibleDescription(/shared demo account/);
  });

  it('shows neither to anyone else', async () => {
    await show(false);
    expect(await screen.findByRole('button', { name: 'New issue' })).toBeEnabled();
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });
});
