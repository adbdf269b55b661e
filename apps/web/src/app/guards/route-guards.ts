/**
 * The route guards of spec core §4 as pure decisions. The React side (route-guard.tsx) only feeds them the
 * session and the path, and follows the answer.
 */

/** The guarded areas of the route table (spec core §2). */
export type GuardArea = 'policies' | 'onboarding' | 'onboardingCompany' | 'workspace' | 'admin';

/** What the guards need to know of the logged user (spec core §3). */
export interface GuardUser {
  isAdmin: boolean;
  isDemo: boolean;
  acceptedPolicies: boolean;
  confirmedRegister: boolean;
  companyId: number | null;
}

/** The session as the guards see it. */
export interface GuardSession {
  /** Whether an access token is held. */
  signedIn: boolean;
  /** The logged user, once loaded. */
  user: GuardUser | null;
  /** Whether a sign-in happened in this tab (a demo user needs one). */
  freshSignIn: boolean;
}

/** Allow the route, or send the user elsewhere. */
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const ALLOW: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Where each step of the way in leads. */
export const ROUTES = {
  login: '/login',
  policies: '/policies',
  onboarding: '/onboarding/userprofile',
  onboardingCompany: '/onboarding/company',
  workspace: '/workspace',
  admin: '/admin',
} as const;

/** The login address that brings the user back to `path` afterwards. */
export function loginPath(path: string): string {
  const target = safeRedirectPath(path);
  return target && target !== ROUTES.workspace
    ? `${ROUTES.login}?redirect=${encodeURIComponent(target)}`
    : ROUTES.login;
}

/**
 * Keeps only same-site paths, so a crafted link such as `?redirect=//evil.example` cannot send the user away
 * after signing in. Auth screens are dropped too: returning to /logout would sign the user out again.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const pathname = raw.split(/[?#]/)[0] ?? '';
  if (AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  return raw;
}

const AUTH_PATHS = [
  '/login',
  '/logout',
  '/sign-up',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/google-login',
  '/process-federated-sign-in',
];

/** Whether the session counts as signed in: a demo session only after a sign-in in this tab (spec core §4). */
export function isEffectivelySignedIn(session: GuardSession): boolean {
  if (!session.signedIn) return false;
  return !(session.user?.isDemo && !session.freshSignIn);
}

/** Decides whether the user may open `path` in `area`, or where they go instead. */
export function decideRoute(area: GuardArea, session: GuardSession, path: string): GuardDecision {
  const user = session.user;
  if (!isEffectivelySignedIn(session) || !user) return redirect(loginPath(path));
  if (area === 'policies') return ALLOW;
  if (!user.acceptedPolicies) return redirect(policiesPath(path));
  if (area === 'admin') return user.isAdmin ? ALLOW : redirect(ROUTES.workspace);
  if (user.isAdmin) return redirect(ROUTES.admin);
  // The welcome and profile step are for newcomers: once in a company, the profile is edited in the workspace.
  if (area === 'onboarding')
    return user.confirmedRegister && user.companyId !== null ? redirect(ROUTES.workspace) : ALLOW;
  if (!user.confirmedRegister) return redirect(ROUTES.onboarding);
  if (area === 'onboardingCompany') return user.companyId === null ? ALLOW : redirect(ROUTES.workspace);
  if (user.companyId === null) return redirect(ROUTES.onboardingCompany);
  return ALLOW;
}

/**
 * Where a signed-in user goes next when nothing more specific is asked (after sign-in, policies, onboarding
 * steps). The wanted path rides along through every step, so an invite link or a deep link survives sign-up.
 */
export function nextStep(user: GuardUser, wanted: string | null): string {
  if (!user.acceptedPolicies) return wanted ? policiesPath(wanted) : ROUTES.policies;
  if (user.isAdmin) return wanted?.startsWith(ROUTES.admin) ? wanted : ROUTES.admin;
  if (!user.confirmedRegister) return withWanted(ROUTES.onboarding, wanted);
  if (user.companyId === null)
    return wanted?.startsWith(ROUTES.onboardingCompany)
      ? wanted
      : withWanted(ROUTES.onboardingCompany, wanted);
  return wanted && !wanted.startsWith('/onboarding') && !wanted.startsWith(ROUTES.policies)
    ? wanted
    : ROUTES.workspace;
}

function withWanted(route: string, wanted: string | null): string {
  return wanted && wanted !== ROUTES.workspace && !wanted.startsWith(ROUTES.policies)
    ? `${route}?redirect=${encodeURIComponent(wanted)}`
    : route;
}

/** The policies address that brings the user back to `path` after accepting. */
export function policiesPath(path: string): string {
  const target = safeRedirectPath(path);
  return target && !target.startsWith(ROUTES.policies)
    ? `${ROUTES.policies}?redirect=${encodeURIComponent(target)}`
    : ROUTES.policies;
}
