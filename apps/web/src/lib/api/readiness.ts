import type { paths } from './generated/openapi.ts';

type Readyz = paths['/readyz']['get']['responses'];

/** What GET /readyz says, ready (200) or not (503), with the server's clock (its Date header). */
export interface Readiness {
  ok: boolean;
  database: string | null;
  /** The server's Date header, for the clock check. */
  date: string | null;
}

/**
 * Asks the server whether it is ready (GET /readyz). A health probe, not a call of the API: no token, no refresh,
 * never cached, and its 503 is an answer to read (the database state) rather than the maintenance signal that
 * lib/api/rest-client.ts raises, since the maintenance page polls it to know when to leave. A network failure
 * reads as not ready.
 */
export async function readReadiness(): Promise<Readiness> {
  try {
    const response = await fetch('/readyz', { cache: 'no-store', headers: { accept: 'application/json' } });
    const body = (await response.json().catch(() => ({}))) as Partial<
      Readyz[200]['content']['application/json'] | Readyz[503]['content']['application/json']
    >;
    return { ok: response.ok, database: body.database ?? null, date: response.headers.get('date') };
  } catch {
    return { ok: false, database: null, date: null };
  }
}
