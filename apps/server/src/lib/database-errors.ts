/**
 * Classifies database failures that are not bugs. First, those that mean "a backing service is unreachable right now" (the database restarting, a
 * connection cut, the pool unable to connect), as opposed to a bug. They are answered as SERVICE_UNAVAILABLE
 * (503), which clients treat as "try again shortly" (the web shows its maintenance page and polls /readyz).
 */

// SQLSTATE classes and codes: 08 connection exception, 57P01-57P03 shutdown / cannot connect now, 53300 too many connections.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a lost or unobtainable connection with these messages and no code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Whether an error, or any error in its `cause` chain, says the database (or another backing service) is unreachable. */
export function isServiceUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.some((m) => current instanceof Error && current.message.includes(m)))
      return true;
    if (current instanceof AggregateError && current.errors.some((e) => isServiceUnavailableError(e)))
      return true;
    current = current.cause;
  }
  return false;
}

/**
 * Whether the database refused a value itself (SQLSTATE class 22, data exception: a NUL character in a text, a
 * number out of range, a malformed date…). Input checks should catch these first; when one slips through, the
 * caller sent bad input and is answered BAD_USER_INPUT rather than INTERNAL_SERVER_ERROR (found by the fuzzer).
 */
export function isDataExceptionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = current.cause;
  }
  return false;
}
