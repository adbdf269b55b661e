import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { ApsConnector } from './aps-connector.ts';
import {
  apsAuthorizeUrl,
  exchangeApsCode,
  pkcePair,
  revokeApsTokens,
  tokenCredentials,
} from './aps-oauth.ts';
import { apsConfigOf, secretBoxOf } from './integration-service.ts';
import { findCompanyIntegration, saveUserIntegration } from './integration-repository.ts';

/**
 * Linking a user's APS account (docs/integrations.md "Connecting an APS account"): Obra's web app asks for
 * Autodesk's consent page (POST /autodoc/aps/authorization with the e-mail the user says is theirs), the browser
 * goes there, Autodesk sends it back to GET /autodoc/aps/callback with a code. The state and the PKCE verifier
 * wait between the two in a cookie sealed with the integration keys (AES-256-GCM), bound to the user and expiring
 * after ten minutes; the callback trusts nothing else, so a code reaching another browser links nothing.
 */

/** The cookie of a connection under way; only the callback receives it. */
export const APS_FLOW_COOKIE = 'obra_aps_connect';
export const APS_CALLBACK_PATH = '/autodoc/aps/callback';
/** How long the user has at Autodesk's consent page. */
export const APS_FLOW_SECONDS = 600;
/** Where the browser returns by default: the user's connection in their profile. */
const DEFAULT_RETURN = '/workspace/user/profile';

interface Flow {
  purpose: 'aps-connect';
  userId: number;
  companyId: number;
  email: string;
  state: string;
  verifier: string;
  redirectUri: string;
  returnTo: string;
  expiresAt: number;
}

/** A web route of Obra to return to: a path of this origin, never another site's address. */
function checkReturnTo(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_RETURN;
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value) || value.length > 500)
    throw new AppError('BAD_USER_INPUT', { field: 'returnTo' });
  return value;
}

/**
 * Starts linking the caller's APS account: the address of Autodesk's consent page, and the sealed cookie that
 * carries the state and the PKCE verifier to the callback. The company's platform must be APS.
 */
export async function startApsConnection(
  services: AppServices,
  actor: Actor,
  input: { email: string; returnTo?: string | undefined },
  origin: string,
): Promise<{ authorizeUrl: string; cookie: string }> {
  const companyId = actor.account.companyId;
  if (companyId === null) throw new AppError('INTEGRATION_NOT_CONFIGURED');
  const company = await findCompanyIntegration(services.database.db, companyId);
  if (!company) throw new AppError('INTEGRATION_NOT_CONFIGURED');
  if (company.platform !== 'aps')
    throw new AppError('INTEGRATION_NOT_SUPPORTED', { platform: company.platform });
  const aps = apsConfigOf(services);
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AppError('BAD_USER_INPUT', { field: 'email' });
  const { verifier, challenge } = pkcePair();
  const flow: Flow = {
    purpose: 'aps-connect',
    userId: actor.account.id,
    companyId,
    email,
    state: randomBytes(24).toString('base64url'),
    verifier,
    redirectUri: `${origin}${APS_CALLBACK_PATH}`,
    returnTo: checkReturnTo(input.returnTo),
    expiresAt: Date.now() + APS_FLOW_SECONDS * 1000,
  };
  const sealed = secretBoxOf(services).seal(JSON.stringify(flow));
  return {
    authorizeUrl: apsAuthorizeUrl(aps, { state: flow.state, challenge, redirectUri: flow.redirectUri }),
    cookie: `${sealed.keyId}~${sealed.secret}`,
  };
}

/** The flow of a cookie: null when it is missing, altered, sealed under an unknown key, or past its time. */
function openFlow(services: AppServices, cookie: string | undefined): Flow | null {
  if (!cookie || cookie.length > 4000) return null;
  const at = cookie.indexOf('~');
  if (at <= 0) return null;
  try {
    const flow = JSON.parse(
      secretBoxOf(services).open({ keyId: cookie.slice(0, at), secret: cookie.slice(at + 1) }),
    ) as Partial<Flow>;
    if (flow.purpose !== 'aps-connect' || typeof flow.expiresAt !== 'number' || flow.expiresAt < Date.now())
      return null;
    return flow as Flow;
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function withOutcome(returnTo: string, outcome: { connected: true } | { code: string }): string {
  const url = new URL(returnTo, 'http://obra.invalid');
  if ('code' in outcome) {
    url.searchParams.set('partnerConnection', 'error');
    url.searchParams.set('code', outcome.code);
  } else url.searchParams.set('partnerConnection', 'connected');
  return `${url.pathname}${url.search}`;
}

/**
 * Autodesk's return: checks the state against the sealed cookie, exchanges the code with the PKCE verifier, reads
 * the account's e-mail (it must be the one the user gave: INTEGRATION_EMAIL_NOT_REGISTERED, and the tokens are
 * revoked) and stores the sealed tokens. Answers where the browser goes: the web route the flow started from, with
 * `partnerConnection=connected`, or `partnerConnection=error&code=<catalogue code>`.
 */
export async function finishApsConnection(
  services: AppServices,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  cookie: string | undefined,
): Promise<string> {
  const flow = openFlow(services, cookie);
  if (!flow || !query.state || !sameText(query.state, flow.state)) {
    services.logger.warn(
      { flow: flow !== null },
      'APS connection callback without its flow (state or cookie)',
    );
    return withOutcome(flow?.returnTo ?? DEFAULT_RETURN, { code: 'INTEGRATION_LOGIN_FAILED' });
  }
  if (query.error || !query.code) {
    services.logger.info({ userId: flow.userId, error: query.error?.slice(0, 50) }, 'APS consent refused');
    return withOutcome(flow.returnTo, { code: 'INTEGRATION_LOGIN_FAILED' });
  }
  try {
    const aps = apsConfigOf(services);
    const { timeoutMs } = services.config.integrations;
    const company = await findCompanyIntegration(services.database.db, flow.companyId);
    if (!company || company.platform !== 'aps') throw new AppError('INTEGRATION_NOT_CONFIGURED');
    const tokens = await exchangeApsCode(
      aps,
      { code: query.code, verifier: flow.verifier, redirectUri: flow.redirectUri },
      timeoutMs,
    );
    const profile = await new ApsConnector(aps, tokenCredentials(flow.email, tokens), timeoutMs).profile();
    if (!profile.email || profile.email.trim().toLowerCase() !== flow.email.toLowerCase()) {
      await revokeApsTokens(aps, tokens, timeoutMs).catch(() => undefined);
      throw new AppError('INTEGRATION_EMAIL_NOT_REGISTERED', { field: 'email' });
    }
    const credentials = tokenCredentials(profile.name ?? profile.email, tokens);
    const sealed = secretBoxOf(services).seal(credentials.secret);
    await unitOfWork(services, (tx) =>
      saveUserIntegration(tx, {
        userId: flow.userId,
        platform: 'aps',
        baseUrl: company.baseUrl,
        email: profile.email!.trim(),
        accountName: credentials.accountName,
        keyId: sealed.keyId,
        secret: sealed.secret,
        expiresAt: credentials.expiresAt,
      }),
    );
    services.logger.info({ userId: flow.userId, platform: 'aps' }, 'partner platform account connected');
    return withOutcome(flow.returnTo, { connected: true });
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'INTEGRATION_PLATFORM_ERROR';
    services.logger.warn({ userId: flow.userId, code }, 'APS connection failed');
    return withOutcome(flow.returnTo, { code });
  }
}
