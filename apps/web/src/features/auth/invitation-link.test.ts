import { describe, expect, it } from 'vitest';
import { invitationOf } from './invitation-link.ts';

describe('the invitation behind a sign-in (issue 21)', () => {
  it("reads the invitation and its address from the e-mail link's path", () => {
    expect(invitationOf('/onboarding/company?inviteId=12&email=gil%40elsewhere.example')).toEqual({
      inviteId: 12,
      email: 'gil@elsewhere.example',
      token: null,
    });
    expect(invitationOf('/onboarding/company?inviteId=12')).toEqual({
      inviteId: 12,
      email: null,
      token: null,
    });
    expect(
      invitationOf(
        '/onboarding/company?inviteId=12&email=gil%40elsewhere.example&token=abcdefghijklmnopqrstuvwxyz_-0123',
      ),
    ).toEqual({ inviteId: 12, email: 'gil@elsewhere.example', token: 'abcdefghijklmnopqrstuvwxyz_-0123' });
  });

  it('finds none elsewhere or in a broken link', () => {
    expect(invitationOf(null)).toBeNull();
    expect(invitationOf('/workspace/home')).toBeNull();
    expect(invitationOf('/onboarding/company')).toBeNull();
    expect(invitationOf('/onboarding/company?inviteId=abc')).toBeNull();
    expect(invitationOf('/onboarding/company?inviteId=3&email=not-an-address')).toEqual({
      inviteId: 3,
      email: null,
      token: null,
    });
    // A token that is not a signature's shape is not sent to the server.
    expect(invitationOf('/onboarding/company?inviteId=3&token=%3Cscript%3E')?.token).toBeNull();
  });
});
