import type { ErrorCode } from './error-codes.ts';

/** A failure the user caused or may see: it carries a catalogue code and optional details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

/** True for an AppError, also across module copies (checks the shape, not the prototype). */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error && error.name === 'AppError' && typeof (error as AppError).code === 'string')
  );
}
