import { AppError, errorMessage, httpStatusOf, isAppError, type ErrorCode, type Locale } from '@obra/domain';
import { isDataExceptionError, isServiceUnavailableError } from './database-errors.ts';

/** The public shape of an error: a catalogue code and a message in the user's language. */
export interface PublicError {
  code: ErrorCode;
  message: string;
  status: number;
  details?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Turns any thrown value into what the client may see. Known failures keep their code; anything else is
 * INTERNAL_SERVER_ERROR with no internals (the caller logs the original).
 */
export function toPublicError(error: unknown, locale: Locale): PublicError {
  if (isAppError(error)) {
    return {
      code: error.code,
      message: errorMessage(locale, error.code, error.details),
      status: httpStatusOf(error.code),
      details: error.details,
    };
  }
  if (isDataExceptionError(error)) {
    return { code: 'BAD_USER_INPUT', message: errorMessage(locale, 'BAD_USER_INPUT'), status: 400 };
  }
  if (isServiceUnavailableError(error)) {
    return { code: 'SERVICE_UNAVAILABLE', message: errorMessage(locale, 'SERVICE_UNAVAILABLE'), status: 503 };
  }
  return {
    code: 'INTERNAL_SERVER_ERROR',
    message: errorMessage(locale, 'INTERNAL_SERVER_ERROR'),
    status: 500,
  };
}

/** Shorthand to throw a catalogue error. */
export function fail(code: ErrorCode, details?: Record<string, unknown>): never {
  throw new AppError(code, details);
}
