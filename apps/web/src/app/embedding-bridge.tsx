import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { EmbeddingHostsDocument } from '../gql/generated.ts';
import {
  EMBEDDING_PROTOCOL_VERSION,
  issueOfPath,
  originAllowed,
  parseHostMessage,
  targetPath,
  type ObraEvent,
} from './embedding-protocol.ts';

/** The host Obra talks to: the origin of its first allowed message (never `*`). */
let hostOrigin: string | null = null;

/** Tells the embedding host an event (docs/embedding.md); nothing when Obra is not embedded by an allowed host. */
export function emitEmbeddingEvent(event: ObraEvent): void {
  if (!hostOrigin || window.parent === window) return;
  window.parent.postMessage(event, hostOrigin);
}

/**
 * The postMessage side of embedding (issue 32 item 3), mounted when Obra runs in a frame: reads the allowed hosts
 * (EMBEDDING_HOSTS), answers a host's `obra:hello` with `obra:ready`, opens what an `obra:open` asks (the app's own
 * routes and guards: the host gets no more than the signed-in person may see), and tells the host where the person
 * goes and which issue they select. Messages from any other origin are ignored.
 */
export function EmbeddingBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const [hosts] = useQuery({ query: EmbeddingHostsDocument });
  const allowed = hosts.data?.embeddingHosts;
  const lastIssue = useRef<string | null>(null);

  useEffect(() => {
    if (!allowed || allowed.length === 0) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || !originAllowed(event.origin, allowed)) return;
      hostOrigin = event.origin;
      const message = parseHostMessage(event.data);
      if (!message) {
        emitEmbeddingEvent({
          type: 'obra:error',
          code: 'BAD_MESSAGE',
          message: 'unknown or malformed message',
        });
        return;
      }
      if (message.type === 'obra:hello')
        emitEmbeddingEvent({ type: 'obra:ready', version: EMBEDDING_PROTOCOL_VERSION });
      else void navigate(targetPath(message.target));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [allowed, navigate]);

  useEffect(() => {
    emitEmbeddingEvent({ type: 'obra:navigated', path: `${location.pathname}${location.search}` });
    const issue = issueOfPath(location.pathname);
    const key = issue ? `${issue.projectId}/${issue.issueId}` : null;
    if (issue && key !== lastIssue.current) emitEmbeddingEvent({ type: 'obra:issueSelected', ...issue });
    lastIssue.current = key;
  }, [location.pathname, location.search]);
  return null;
}
