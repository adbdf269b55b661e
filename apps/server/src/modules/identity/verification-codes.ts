import type { ErrorCode } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { randomSixDigitCode, sha256 } from '../../auth/secrets.ts';
import {
  consumeCode,
  latestCode,
  recordFailedAttempt,
  replaceCode,
  type CodePurpose,
} from './code-repository.ts';

/** Settings of codes: lifetime and wrong attempts allowed. */
export interface CodeSettings {
  ttlHours: number;
  maxAttempts: number;
}

// Bound to the user and purpose so a code's hash is useless for any other account or use.
function hashCode(userId: number, purpose: CodePurpose, code: string): string {
  return sha256(`${userId}:${purpose}:${code}`);
}

/** Creates a new code for a user (the previous one stops working) and returns it in clear, for the e-mail only. */
export async function issueCode(
  tx: Db,
  userId: number,
  purpose: CodePurpose,
  settings: CodeSettings,
): Promise<string> {
  const code = randomSixDigitCode();
  const expiresAt = new Date(Date.now() + settings.ttlHours * 3_600_000);
  await replaceCode(tx, userId, purpose, hashCode(userId, purpose, code), expiresAt);
  return code;
}

/**
 * Checks a code and uses it up when right. Returns an error code instead of throwing so that the caller can
 * commit the counted attempt before failing (a thrown error would roll the count back).
 */
export async function checkCode(
  tx: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  settings: CodeSettings,
): Promise<ErrorCode | undefined> {
  const row = await latestCode(tx, userId, purpose);
  if (!row || row.consumedAt !== null || row.expiresAt.getTime() <= Date.now()) return 'ExpiredCodeException';
  if (row.codeHash !== hashCode(userId, purpose, code)) {
    await recordFailedAttempt(tx, row.id, settings.maxAttempts);
    return 'CodeMismatchException';
  }
  await consumeCode(tx, row.id);
  return undefined;
}
