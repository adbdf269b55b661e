import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong, and cheap enough for a sign-in per request.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes and checks secrets (passwords, access-key secrets) with argon2id. */
export interface PasswordHasher {
  hash(secret: string): Promise<string>;
  verify(hash: string, secret: string): Promise<boolean>;
  /**
   * Spends the same work as a real verification against a hash nobody knows the secret of. Sign-in calls it
   * when the account does not exist or has no password, so that the answer time does not reveal which.
   */
  verifyDummy(secret: string): Promise<false>;
}

/** Creates the hasher; the dummy hash is computed once, with the same parameters as real ones. */
export async function createPasswordHasher(): Promise<PasswordHasher> {
  const dummyHash = await argon2.hash(randomBytes(32).toString('base64url'), OPTIONS);
  const verify = async (hash: string, secret: string): Promise<boolean> => {
    try {
      return await argon2.verify(hash, secret);
    } catch {
      // A malformed stored hash is a failed verification, never a crash of the sign-in.
      return false;
    }
  };
  return {
    hash: (secret) => argon2.hash(secret, OPTIONS),
    verify,
    async verifyDummy(secret) {
      await verify(dummyHash, secret);
      return false;
    },
  };
}
