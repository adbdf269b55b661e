import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

type QueryWithCache = (
  queryString: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>;

let instrumented = false;

/**
 * A CLIENT span for every statement Drizzle sends (both backends run their statements through
 * PgPreparedQuery.queryWithCache), with its text — parameters never, they are user data. Only inside a traced
 * request: the job queue's own statements and background work make no spans of their own. Installed when tracing
 * first starts; from then on each statement only asks `currentTracer()`.
 */
export function instrumentSqlStatements(currentTracer: () => Tracer | undefined): void {
  if (instrumented) return;
  instrumented = true;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const original = prototype.queryWithCache;
  prototype.queryWithCache = function (this: unknown, queryString, params, query) {
    const tracer = currentTracer();
    if (!tracer || !trace.getSpan(context.active())) return original.call(this, queryString, params, query);
    return tracer.startActiveSpan(
      statementName(queryString),
      {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system.name': 'postgresql', 'db.query.text': queryString },
      },
      async (span) => {
        try {
          return await original.call(this, queryString, params, query);
        } catch (error) {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: (error as { code?: string }).code ?? 'error',
          });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
}

/** `select issues`, `insert audit_events`…: the verb and the first table, as OpenTelemetry's conventions name it. */
export function statementName(text: string): string {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'sql';
  const table = /\b(?:from|into|update)\s+"?([\w.]+)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}
