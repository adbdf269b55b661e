import * as oidc from 'openid-client';
import type { FederatedProvider } from '@obra/domain';
import type { Config, OidcProviderConfig } from '../config.ts';

/** What a provider says about the person who signed in. */
export interface FederatedProfile {
  subject: string;
  email: string;
  emailVerified: boolean | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  locale: string | undefined;
}

/** The start of an authorization-code flow with PKCE: where to send the browser, and what to remember. */
export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The OpenID clients of the configured providers; discovery happens on first use and is cached. */
export interface OidcClients {
  enabled(): FederatedProvider[];
  start(
    provider: FederatedProvider,
    redirectUri: string,
    loginHint: string | undefined,
  ): Promise<AuthorizationStart>;
  finish(
    provider: FederatedProvider,
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<FederatedProfile>;
}

/** Creates the clients for the providers enabled by configuration. */
export function createOidcClients(config: Config): OidcClients {
  const cache = new Map<FederatedProvider, Promise<oidc.Configuration>>();
  const settings = (provider: FederatedProvider): OidcProviderConfig => {
    const s = config.auth.oidc[provider];
    if (!s) throw new Error(`provider ${provider} is not configured`);
    return s;
  };
  const configuration = (provider: FederatedProvider): Promise<oidc.Configuration> => {
    let found = cache.get(provider);
    if (!found) {
      const s = settings(provider);
      const issuer = new URL(s.issuer);
      // Plain http is only for a provider on this machine in development and tests.
      const insecure = issuer.protocol === 'http:' && config.env !== 'production';
      found = oidc.discovery(
        issuer,
        s.clientId,
        s.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      // A failed discovery (provider down) is retried on the next sign-in rather than cached forever.
      found.catch(() => cache.delete(provider));
      cache.set(provider, found);
    }
    return found;
  };
  return {
    enabled: () => (['google', 'microsoft'] as const).filter((p) => config.auth.oidc[p] !== undefined),
    async start(provider, redirectUri, loginHint) {
      const c = await configuration(provider);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      // Lets a person with several accounts pick one (Google, Microsoft), where the provider supports it.
      const prompts = c.serverMetadata()['prompt_values_supported'];
      if (Array.isArray(prompts) && prompts.includes('select_account'))
        parameters['prompt'] = 'select_account';
      if (loginHint) parameters['login_hint'] = loginHint;
      return { url: oidc.buildAuthorizationUrl(c, parameters).href, state, nonce, codeVerifier };
    },
    async finish(provider, callbackUrl, expected) {
      const c = await configuration(provider);
      const tokens = await oidc.authorizationCodeGrant(c, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token claims');
      // Providers that keep profile claims out of the ID token serve them at the userinfo endpoint.
      const claims: Record<string, unknown> & { sub: string } =
        typeof idClaims['email'] === 'string'
          ? idClaims
          : { ...(await oidc.fetchUserInfo(c, tokens.access_token, idClaims.sub)), ...idClaims };
      const text = (key: string): string | undefined =>
        typeof claims[key] === 'string' ? (claims[key] as string) : undefined;
      // Microsoft work accounts may carry the address only in preferred_username.
      const email = text('email') ?? (provider === 'microsoft' ? text('preferred_username') : undefined);
      if (!email) throw new Error('the provider returned no e-mail');
      return {
        subject: claims.sub,
        email,
        emailVerified: typeof claims['email_verified'] === 'boolean' ? claims['email_verified'] : undefined,
        givenName: text('given_name'),
        familyName: text('family_name'),
        locale: text('locale'),
      };
    },
  };
}
