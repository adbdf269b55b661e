import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { ShowroomPage } from './showroom-page.tsx';

const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

// The catalogues' own rendering is not under test here: they fail, and the page still shows itself.
const ENUMS = { data: null, errors: [{ message: 'down', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] };

async function show(showroomOpen: boolean, user: typeof READY_USER | null) {
  stubAuthFetch(
    {},
    {
      ShowroomAccess: { data: { showroomOpen } },
      ProjectEnums: ENUMS,
      StandardDisciplines: { data: { standardDisciplines: [] } },
    },
  );
  await renderRoutes(
    [{ path: '/', element: <ShowroomPage /> }],
    '/',
    fakeSession(user ? { status: 'ready', user } : { status: 'anonymous', user: null }),
  );
}

describe('ShowroomPage', SLOW, () => {
  it('is open to everyone outside production', async () => {
    await show(true, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Showroom' })).toBeInTheDocument();
  });

  it('in production, is "Page not found" for everyone but platform admins', async () => {
    await show(false, READY_USER);
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Showroom' })).toBeNull();
  });

  it('in production, shows itself to a platform admin', async () => {
    await show(false, { ...READY_USER, isAdmin: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Showroom' })).toBeInTheDocument();
  });
});
