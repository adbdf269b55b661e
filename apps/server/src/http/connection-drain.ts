import type { Server, ServerResponse } from 'node:http';

/**
 * Lets a shutdown end every HTTP connection once its work is done. `server.close()` closes the connections that
 * are idle at that moment, but a keep-alive connection whose request was still running stays open after its
 * answer (a load balancer holds such connections open indefinitely), and the process waited for them until its
 * shutdown timeout. Once draining, answers say `Connection: close`, and each connection is closed as soon as it
 * has nothing left to answer.
 */
export function drainOnShutdown(server: Server): { drain(): void } {
  const running = new Set<ServerResponse>();
  let draining = false;
  const closeIdle = () => server.closeIdleConnections();
  server.on('request', (_request, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    running.add(response);
    response.once('close', () => {
      running.delete(response);
      if (draining) setImmediate(closeIdle);
    });
  });
  return {
    drain() {
      if (draining) return;
      draining = true;
      for (const response of running) if (!response.headersSent) response.shouldKeepAlive = false;
      closeIdle();
    },
  };
}
