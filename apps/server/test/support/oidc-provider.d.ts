// The parts of oidc-provider 9 the tests use; the package ships no type declarations.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
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
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    Grant: new (options: { accountId: string; clientId: string }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown> }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
