/** One GraphQL answer from any Obra process, or the transport failure that replaced it. */
export interface GqlOutcome<T = Record<string, unknown>> {
  /** HTTP status, or 0 when no answer came (connection refused or cut, timeout). */
  status: number;
  data: T | null | undefined;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
  /** The transport error when status is 0. */
  failure?: string;
}

/** Posts an operation to a server's /graphql and never throws: a dead process is an outcome like any other. */
export async function gqlAt<T = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; timeoutMs?: number } = {},
): Promise<GqlOutcome<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  try {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const body = (await response.json()) as { data?: T | null; errors?: GqlOutcome['errors'] };
    return { status: response.status, data: body.data, errors: body.errors };
  } catch (error) {
    return {
      status: 0,
      data: undefined,
      errors: undefined,
      failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/** The first error code of an outcome, `TRANSPORT` when no answer came, undefined on success. */
export function outcomeCode(outcome: GqlOutcome): string | undefined {
  if (outcome.status === 0) return 'TRANSPORT';
  return outcome.errors?.[0]?.extensions?.code ?? (outcome.errors?.length ? 'NO_CODE' : undefined);
}
