import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { SignUpPage } from './sign-up-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/sign-up', element: <SignUpPage /> },
  { path: '/verify-email', element: <p>verify screen</p> },
];

async function fill(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^First name/), 'Ana');
  await user.type(screen.getByLabelText(/^Last name/), 'Silva');
  await user.type(screen.getByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), 'Secret1!x');
  await user.type(screen.getByLabelText(/^Confirm the password/), 'Secret1!x');
  return user;
}

describe('SignUpPage', SLOW, () => {
  it('signs up and goes to the code screen, keeping the redirect', async () => {
    const calls = stubAuthFetch({ 'POST /auth/sign-up': [201, {}] });
    const { router } = await renderRoutes(
      routes,
      '/sign-up?redirect=%2Fworkspace%2Fuser%2Fprofile',
      fakeSession(),
    );
    const user = await fill('ana@acme.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('verify screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=ana%40acme.com&redirect=%2Fworkspace%2Fuser%2Fprofile');
    expect(calls[0]?.body).toEqual({
      email: 'ana@acme.com',
      password: 'Secret1!x',
      name: 'Ana',
      lastName: 'Silva',
    });
  });

  it('shows the translated UsernameExistsException with a way to the login', async () => {
    stubAuthFetch({ 'POST /auth/sign-up': [409, { code: 'UsernameExistsException', message: 'exists' }] });
    await renderRoutes(routes, '/sign-up', fakeSession());
    const user = await fill('ana@acme.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this e-mail already exists.');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login?email=ana%40acme.com',
    );
  });
});
