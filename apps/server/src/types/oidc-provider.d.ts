// The parts of oidc-provider 9 that Obra uses (the BCF-API's OAuth2 server, and the tests' OpenID peer); the
// package ships no type declarations.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    accountId?: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface ProviderAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface ProviderConfiguration {
    clients: Record<string, unknown>[];
    findAccount(ctx: unknown, id: string): Promise<ProviderAccount | undefined>;
    claims?: Record<string, string[]>;
    pkce?: { required?: () => boolean };
    interactions?: { url(ctx: unknown, interaction: { uid: string }): string };
    cookies?: { keys: string[]; long?: Record<string, unknown>; short?: Record<string, unknown> };
    features?: Record<string, { enabled: boolean }>;
    ttl?: Record<string, number>;
    [option: string]: unknown;
  }

  interface StoredAccessToken {
    accountId?: string;
    clientId?: string;
    scope?: string;
  }

  interface StoredClient {
    clientId: string;
    clientName?: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    proxy: boolean;
    /** Koa middleware (the provider is a Koa application). */
    use(
      middleware: (
        ctx: { status: number; body: unknown; req: IncomingMessage },
        next: () => Promise<void>,
      ) => Promise<void>,
    ): this;
    Grant: (new (options: { accountId: string; clientId: string }) => Grant) & {
      find(id: string): Promise<Grant | undefined>;
    };
    AccessToken: { find(token: string): Promise<StoredAccessToken | undefined> };
    Client: { find(id: string): Promise<StoredClient | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown>; grantId?: string }>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
