import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  loginPath,
  nextStep,
  safeRedirectPath,
  type GuardArea,
  type GuardSession,
  type GuardUser,
} from './route-guards.ts';

const ready: GuardUser = {
  isAdmin: false,
  isDemo: false,
  acceptedPolicies: true,
  confirmedRegister: true,
  companyId: 7,
};
const session = (user: Partial<GuardUser> | null, extra: Partial<GuardSession> = {}): GuardSession => ({
  signedIn: true,
  user: user === null ? null : { ...ready, ...user },
  freshSignIn: false,
  ...extra,
});

describe('decideRoute (spec core §4)', () => {
  const cases: [string, GuardArea, GuardSession, string, string | null][] = [
    [
      'unauthenticated → login carrying the path',
      'workspace',
      { signedIn: false, user: null, freshSignIn: false },
      '/workspace/user/accessKeys',
      '/login?redirect=%2Fworkspace%2Fuser%2FaccessKeys',
    ],
    [
      'unauthenticated on the plain workspace → login',
      'workspace',
      { signedIn: false, user: null, freshSignIn: false },
      '/workspace',
      '/login',
    ],
    [
      'unauthenticated on policies → login',
      'policies',
      { signedIn: false, user: null, freshSignIn: false },
      '/policies',
      '/login?redirect=%2Fpolicies',
    ],
    [
      'policies not accepted → policies, keeping the path',
      'workspace',
      session({ acceptedPolicies: false }),
      '/workspace/home',
      '/policies?redirect=%2Fworkspace%2Fhome',
    ],
    [
      'policies not accepted in onboarding → policies',
      'onboarding',
      session({ acceptedPolicies: false }),
      '/onboarding/userprofile',
      '/policies?redirect=%2Fonboarding%2Fuserprofile',
    ],
    [
      'policies page needs only user data',
      'policies',
      session({ acceptedPolicies: false, confirmedRegister: false, companyId: null }),
      '/policies',
      null,
    ],
    [
      'unconfirmed register → onboarding',
      'workspace',
      session({ confirmedRegister: false, companyId: null }),
      '/workspace',
      '/onboarding/userprofile',
    ],
    [
      'onboarding company needs a confirmed profile',
      'onboardingCompany',
      session({ confirmedRegister: false, companyId: null }),
      '/onboarding/company',
      '/onboarding/userprofile',
    ],
    [
      'no company → onboarding company',
      'workspace',
      session({ companyId: null }),
      '/workspace',
      '/onboarding/company',
    ],
    [
      'onboarding company open without a company',
      'onboardingCompany',
      session({ companyId: null }),
      '/onboarding/company',
      null,
    ],
    [
      'onboarding company closed once in a company',
      'onboardingCompany',
      session({}),
      '/onboarding/company',
      '/workspace',
    ],
    [
      'profile step reachable until the company step is done',
      'onboarding',
      session({ companyId: null }),
      '/onboarding/userprofile',
      null,
    ],
    [
      'onboarding closed once onboarded (the profile is edited in the workspace)',
      'onboarding',
      session({}),
      '/onboarding/userprofile',
      '/workspace',
    ],
    ['non-admin kept out of admin', 'admin', session({}), '/admin', '/workspace'],
    [
      'admin forced into admin from the workspace',
      'workspace',
      session({ isAdmin: true, companyId: null }),
      '/workspace',
      '/admin',
    ],
    [
      'admin forced into admin from onboarding',
      'onboarding',
      session({ isAdmin: true, confirmedRegister: false }),
      '/onboarding/userprofile',
      '/admin',
    ],
    ['admin allowed in admin', 'admin', session({ isAdmin: true }), '/admin', null],
    [
      'demo user without a sign-in in this tab is logged out',
      'workspace',
      session({ isDemo: true }),
      '/workspace',
      '/login',
    ],
    [
      'demo user after a sign-in in this tab is let in',
      'workspace',
      session({ isDemo: true }, { freshSignIn: true }),
      '/workspace',
      null,
    ],
    ['ready user reaches the workspace', 'workspace', session({}), '/workspace/user/profile', null],
    ['user data not loaded yet counts as not signed in', 'workspace', session(null), '/workspace', '/login'],
  ];
  it.each(cases)('%s', (_name, area, s, path, expected) => {
    const decision = decideRoute(area, s, path);
    expect(decision).toEqual(expected === null ? { kind: 'allow' } : { kind: 'redirect', to: expected });
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/workspace/user/profile?x=1', '/workspace/user/profile?x=1'],
    ['//evil.example/path', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['/logout', null],
    ['/login?redirect=/x', null],
    ['', null],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });
  it('builds login paths only with safe targets', () => {
    expect(loginPath('//evil.example')).toBe('/login');
  });
});

describe('nextStep', () => {
  it('walks policies → profile → company → the wanted page', () => {
    expect(nextStep({ ...ready, acceptedPolicies: false }, '/x')).toBe('/policies?redirect=%2Fx');
    expect(nextStep({ ...ready, acceptedPolicies: false }, null)).toBe('/policies');
    expect(nextStep({ ...ready, confirmedRegister: false }, '/x')).toBe(
      '/onboarding/userprofile?redirect=%2Fx',
    );
    expect(nextStep({ ...ready, confirmedRegister: false }, null)).toBe('/onboarding/userprofile');
    expect(nextStep({ ...ready, companyId: null }, '/x')).toBe('/onboarding/company?redirect=%2Fx');
    expect(nextStep({ ...ready, companyId: null }, '/onboarding/company?inviteId=4')).toBe(
      '/onboarding/company?inviteId=4',
    );
    expect(nextStep(ready, '/workspace/user/accessKeys')).toBe('/workspace/user/accessKeys');
    expect(nextStep(ready, null)).toBe('/workspace');
    expect(nextStep(ready, '/onboarding/company?inviteId=4')).toBe('/workspace');
  });
  it('takes admins to the admin area whatever was wanted', () => {
    expect(nextStep({ ...ready, isAdmin: true }, '/workspace')).toBe('/admin');
    expect(nextStep({ ...ready, isAdmin: true }, '/admin/x')).toBe('/admin/x');
  });
});
