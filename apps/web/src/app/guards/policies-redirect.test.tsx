import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportSessionErrors } from '../../lib/session-events.ts';
import { RootLayout } from '../root-layout.tsx';
import { fakeSession, renderRoutes, stubAuthFetch } from './guard-test-utils.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

describe('NOT_ACCEPTED_POLICIES from any call (spec core §4)', SLOW, () => {
  it('sends the user to /policies, keeping where they were', async () => {
    stubAuthFetch({ 'POST /auth/refresh': [401, { code: 'UNAUTHENTICATED', message: 'none' }] });
    const routes = [
      {
        element: <RootLayout />,
        children: [
          { path: '/workspace/home', element: <p>home</p> },
          { path: '/policies', element: <p>policies screen</p> },
        ],
      },
    ];
    const { router } = await renderRoutes(routes, '/workspace/home', fakeSession());
    await screen.findByText('home');
    act(() => {
      reportSessionErrors(
        new CombinedError({
          graphQLErrors: [new GraphQLError('policies', { extensions: { code: 'NOT_ACCEPTED_POLICIES' } })],
        }),
      );
    });
    expect(await screen.findByText('policies screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fworkspace%2Fhome');
  });
});
