import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test provider. */
export interface ProviderUser {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
}

/** A real OpenID provider (oidc-provider) on loopback; `signInAs` chooses who "logs in" at the next interaction. */
export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Registers the client's redirect URIs; call once the relying party's address is known. */
  configure(redirectUris: string[]): void;
  signInAs(user: ProviderUser): void;
  close(): Promise<void>;
}

/** Starts the provider on a free port; it answers once `configure` has been called. */
export async function startOidcProvider(): Promise<TestOidcProvider> {
  let handler: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;
  const server = http.createServer((req, res) => {
    if (!handler) {
      res.statusCode = 503;
      res.end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'obra-test';
  const clientSecret = 'obra-test-secret-0123456789abcdef';
  const accounts = new Map<string, ProviderUser>();
  let current: ProviderUser | undefined;

  const configure = (redirectUris: string[]): void => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      findAccount: async (_ctx, id) => {
        const user = accounts.get(id);
        if (!user) return undefined;
        return { accountId: id, claims: async () => ({ email_verified: true, ...user }) };
      },
    });
    const callback = provider.callback();
    handler = (req, res) => {
      if (req.url?.startsWith('/interaction/')) {
        void finishInteraction(provider, clientId, req, res, current, accounts);
        return;
      }
      callback(req, res);
    };
  };

  return {
    issuer,
    clientId,
    clientSecret,
    configure,
    signInAs(user) {
      current = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Plays the person at the provider: logs in as the chosen user and grants the requested scopes.
async function finishInteraction(
  provider: Provider,
  clientId: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  user: ProviderUser | undefined,
  accounts: Map<string, ProviderUser>,
): Promise<void> {
  try {
    await provider.interactionDetails(req, res);
    if (!user) throw new Error('no test user chosen');
    accounts.set(user.sub, user);
    const grant = new provider.Grant({ accountId: user.sub, clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  } catch (error) {
    res.statusCode = 500;
    res.end(error instanceof Error ? error.message : String(error));
  }
}
