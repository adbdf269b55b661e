import type { ErrorCode } from './error-codes.ts';

/** A failure the user caused or may see: it carries a catalogue code and optional details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  /** A coded failure; its message is the code's, in the caller's language, when it is answered. */
  constructor(code: ErrorCode, details?: Record<string, unknown>);
  /** A BAD_USER_INPUT-like failure with a developer message kept in the answer (as graphql-js's own are). */
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>);
  constructor(
    code: ErrorCode,
    messageOrDetails?: string | Record<string, unknown>,
    details?: Record<string, unknown>,
  ) {
    super(typeof messageOrDetails === 'string' ? messageOrDetails : code);
    this.name = 'AppError';
    this.code = code;
    this.details = typeof messageOrDetails === 'string' ? details : (messageOrDetails ?? details);
  }
}

/** True for an AppError, also across module copies (checks the shape, not the prototype). */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error && error.name === 'AppError' && typeof (error as AppError).code === 'string')
  );
}
