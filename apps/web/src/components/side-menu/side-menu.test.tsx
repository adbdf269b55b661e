import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { isItemActive, SideMenu } from './side-menu.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

describe('SideMenu (editor §2.4)', SLOW, () => {
  it('pushes named routes, marks the current one and offers the back-to route', async () => {
    const menu = (
      <SideMenu
        label="Menu"
        mobileOpened={false}
        onMobileClose={() => undefined}
        backTo={{ label: 'Back', to: '/workspace/home' }}
        items={[
          { name: 'profile', label: 'Profile', to: '/workspace/user/profile', icon: null },
          { name: 'logout', label: 'Sign out', to: '/logout', icon: null },
        ]}
      />
    );
    await renderRoutes([{ path: '*', element: menu }], '/workspace/user/profile', fakeSession());
    expect(await screen.findByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByTestId('side-menu-profile')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('side-menu-logout')).toHaveAttribute('href', '/logout');
    expect(screen.getByTestId('side-menu-back')).toHaveAttribute('href', '/workspace/home');
  });

  it('treats child routes as inside their item', () => {
    expect(isItemActive('/workspace/user/profile', '/workspace/user')).toBe(true);
    expect(isItemActive('/workspace/username', '/workspace/user')).toBe(false);
  });
});
