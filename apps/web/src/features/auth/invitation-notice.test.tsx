import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { invitationOf } from './invitation-link.ts';
import { InvitationNotice } from './invitation-notice.tsx';

const SLOW = { timeout: 30_000 };
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
const signed = `/onboarding/company?inviteId=12&email=gil%40elsewhere.example&token=${TOKEN}`;

describe('the invitation notice on the sign-in (issue 21)', SLOW, () => {
  it('names the company, the inviter and the role of a signed link, before sign-in', async () => {
    const calls = stubAuthFetch(
      {},
      {
        CompanyInvitePreview: {
          data: {
            companyInvitePreview: {
              companyName: 'Acme Engenharia',
              inviterName: 'Ana Souza',
              role: 'manager',
              expiresAt: '2026-12-10T00:00:00.000Z',
            },
          },
        },
      },
    );
    await renderRoutes(
      [{ path: '/', element: <InvitationNotice invitation={invitationOf(signed)} /> }],
      '/',
      fakeSession(),
    );
    expect(await screen.findByTestId('invitation-named')).toHaveTextContent(
      'Ana Souza invites you to join Acme Engenharia as Manager.',
    );
    expect(screen.getByTestId('invitation-notice')).toHaveTextContent('Acme Engenharia invites you');
    expect(screen.getByTestId('invitation-notice')).toHaveTextContent('gil@elsewhere.example');
    expect(calls.some((c) => c.path === '/graphql')).toBe(true);
  });

  it('says only what the link itself says when it is not signed or the server names nothing', async () => {
    const calls = stubAuthFetch({}, { CompanyInvitePreview: { data: { companyInvitePreview: null } } });
    await renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <InvitationNotice
                invitation={invitationOf('/onboarding/company?inviteId=12&email=gil%40elsewhere.example')}
              />
            </>
          ),
        },
      ],
      '/',
      fakeSession(),
    );
    expect(await screen.findByTestId('invitation-notice')).toHaveTextContent('You have an invitation');
    expect(screen.queryByTestId('invitation-named')).toBeNull();
    // Without a signature nothing is asked.
    expect(calls.filter((c) => c.path === '/graphql')).toEqual([]);
  });
});
