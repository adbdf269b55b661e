import type { CombinedError } from '@urql/core';
import { isErrorCode, type ErrorCode } from '@obra/domain';

/** An error as the interface shows it: a code and the server's message. */
export interface UiError {
  code: string;
  message: string;
}

/** Extracts the code of a GraphQL, network or REST failure (spec core §8). */
export function toUiError(error: unknown): UiError {
  if (isCombinedError(error)) {
    const first = error.graphQLErrors[0];
    if (first) {
      const code = first.extensions?.['code'];
      return { code: typeof code === 'string' ? code : 'UNEXPECTED', message: first.message };
    }
    if (error.networkError) return fromNetworkError(error.networkError);
    return { code: 'UNEXPECTED', message: error.message };
  }
  if (error instanceof RestError) return { code: error.code, message: error.message };
  if (error instanceof Error) return fromNetworkError(error);
  return { code: 'UNEXPECTED', message: String(error) };
}

function fromNetworkError(error: Error): UiError {
  if (/failed to fetch|networkerror|load failed/i.test(error.message)) {
    return { code: 'FAILED_TO_FETCH', message: error.message };
  }
  return { code: 'UNEXPECTED', message: error.message };
}

function isCombinedError(error: unknown): error is CombinedError {
  return error instanceof Error && error.name === 'CombinedError';
}

/** A REST failure with the server's `{code, message}` (core §8: REST errors rethrow the server message). */
export class RestError extends Error {
  constructor(
    readonly code: ErrorCode | string,
    message: string,
    readonly status: number,
    /** The server's details, when it gave some (the naming rule a refused name broke). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

/** Whether a code is one of the catalogue's, so the errors namespace has its message. */
export function isKnownCode(code: string): code is ErrorCode {
  return isErrorCode(code);
}

/**
 * The error for a refused upload to a signed address: the storage's `{ code, message }`, USER_UPLOAD_ERROR when its
 * answer says neither.
 */
export async function uploadRefusal(response: Response): Promise<RestError> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return new RestError(
    body.code ?? 'USER_UPLOAD_ERROR',
    body.message ?? 'USER_UPLOAD_ERROR',
    response.status,
  );
}
