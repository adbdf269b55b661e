import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { DemoRequestPage } from './demo-request-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

describe('DemoRequestPage (spec core §5)', SLOW, () => {
  it('requires all five fields before sending the request', async () => {
    const calls = stubAuthFetch({}, { RequestDemoAccess: { data: { requestDemoAccess: true } } });
    await renderRoutes(
      [{ path: '/request-demo', element: <DemoRequestPage /> }],
      '/request-demo',
      fakeSession(),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(5);
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/^First name/), 'Ana');
    await user.type(screen.getByLabelText(/^Last name/), 'Silva');
    await user.type(screen.getByLabelText(/^Company/), 'Acme');
    await user.type(screen.getByLabelText(/^E-mail/), 'ana@acme.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);

    await user.type(screen.getByLabelText(/^Phone/), '+55 11 99999-0000');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('demo-request-sent')).toBeInTheDocument();
    const request = calls.find((c) => c.path === '/graphql');
    expect(request).toBeDefined();
  });
});
