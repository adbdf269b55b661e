// The messages between Obra and a page that embeds it (docs/embedding.md): what a host may ask, what Obra tells it.
// Pure: checked and turned into paths here, sent and received by embedding-bridge.tsx.

/** The protocol's version, sent with `obra:ready`. */
export const EMBEDDING_PROTOCOL_VERSION = 1;

/** What a host may open. */
export type EmbeddingTarget =
  | { kind: 'project'; projectId: number }
  | { kind: 'issue'; projectId: number; issueId: number }
  | { kind: 'document'; projectId: number; documentId: number; revision?: string; page?: number }
  | { kind: 'model'; projectId: number; modelId: number };

/** A host's message, once checked. */
export type HostMessage = { type: 'obra:hello' } | { type: 'obra:open'; target: EmbeddingTarget };

/** What Obra tells its host. */
export type ObraEvent =
  | { type: 'obra:ready'; version: number }
  | { type: 'obra:navigated'; path: string }
  | { type: 'obra:issueSelected'; projectId: number; issueId: number }
  | { type: 'obra:issueCreated'; projectId: number; issueId: number }
  | { type: 'obra:error'; code: 'BAD_MESSAGE'; message: string };

/**
 * Whether a message's origin is one of the allowed hosts (EMBEDDING_HOSTS): an exact origin, or `https://*.example.com`
 * for its subdomains. Anything else — another site, `null` (a sandboxed or file page) — is ignored.
 */
export function originAllowed(origin: string, hosts: readonly string[]): boolean {
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return hosts.some((host) => {
    const wildcard = /^(https?):\/\/\*\.(.+)$/.exec(host);
    if (wildcard) return url.protocol === `${wildcard[1]}:` && url.host.endsWith(`.${wildcard[2]}`);
    try {
      return new URL(host).origin === url.origin;
    } catch {
      return false;
    }
  });
}

const positive = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A host's message as Obra understands it, or undefined when it is not one (unknown, malformed). */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as { type?: unknown; target?: Record<string, unknown> };
  if (message.type === 'obra:hello') return { type: 'obra:hello' };
  if (message.type !== 'obra:open' || typeof message.target !== 'object' || message.target === null)
    return undefined;
  const t = message.target;
  if (!positive(t['projectId'])) return undefined;
  const projectId = t['projectId'];
  switch (t['kind']) {
    case 'project':
      return { type: 'obra:open', target: { kind: 'project', projectId } };
    case 'issue':
      return positive(t['issueId'])
        ? { type: 'obra:open', target: { kind: 'issue', projectId, issueId: t['issueId'] } }
        : undefined;
    case 'document': {
      if (!positive(t['documentId'])) return undefined;
      const revision = typeof t['revision'] === 'string' ? t['revision'].slice(0, 20) : undefined;
      const page = positive(t['page']) ? t['page'] : undefined;
      return {
        type: 'obra:open',
        target: {
          kind: 'document',
          projectId,
          documentId: t['documentId'],
          ...(revision ? { revision } : {}),
          ...(page ? { page } : {}),
        },
      };
    }
    case 'model': {
      if (!positive(t['modelId'])) return undefined;
      return { type: 'obra:open', target: { kind: 'model', projectId, modelId: t['modelId'] } };
    }
    default:
      return undefined;
  }
}

/** The app's path of a target (the routes of spec core §2). */
export function targetPath(target: EmbeddingTarget): string {
  const project = `/workspace/project/${target.projectId}`;
  switch (target.kind) {
    case 'project':
      return `${project}/issues`;
    case 'issue':
      return `${project}/issues/${target.issueId}`;
    case 'document': {
      const query = new URLSearchParams();
      if (target.revision) query.set('revision', target.revision);
      if (target.page) query.set('page', String(target.page));
      const search = query.toString();
      return `${project}/drive/documents/${target.documentId}${search ? `?${search}` : ''}`;
    }
    case 'model':
      return `${project}/bim-files/models/${target.modelId}`;
  }
}

/** The issue a path shows, if it shows one (for `obra:issueSelected`). */
export function issueOfPath(pathname: string): { projectId: number; issueId: number } | undefined {
  const match = /^\/workspace\/project\/(\d+)\/issues\/(\d+)(?:\/|$)/.exec(pathname);
  return match ? { projectId: Number(match[1]), issueId: Number(match[2]) } : undefined;
}
