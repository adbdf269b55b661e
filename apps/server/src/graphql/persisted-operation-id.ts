import { createHash } from 'node:crypto';

/** The persisted id of an operation's text: the first 128 bits of its SHA-256, in hex. */
export function operationId(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
