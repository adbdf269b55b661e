/** Minimum password length (editor §5.2, §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Maximum password length accepted, to bound hashing cost. */
export const PASSWORD_MAX_LENGTH = 256;

/** The rules of editor §5.2, in the order the strength check lists them. */
export const PASSWORD_RULES = ['uppercase', 'lowercase', 'special', 'digit', 'length'] as const;

/** One password rule. */
export type PasswordRule = (typeof PASSWORD_RULES)[number];

const TESTS: Record<PasswordRule, (p: string) => boolean> = {
  uppercase: (p) => /\p{Lu}/u.test(p),
  lowercase: (p) => /\p{Ll}/u.test(p),
  special: (p) => /[^\p{L}\p{N}\s]/u.test(p),
  digit: (p) => /\p{Nd}/u.test(p),
  length: (p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH,
};

/** Which rules a password meets and which it misses. */
export function checkPassword(password: string): Record<PasswordRule, boolean> {
  return {
    uppercase: TESTS.uppercase(password),
    lowercase: TESTS.lowercase(password),
    special: TESTS.special(password),
    digit: TESTS.digit(password),
    length: TESTS.length(password),
  };
}

/** True when a password meets every rule. */
export function isPasswordValid(password: string): boolean {
  return PASSWORD_RULES.every((rule) => TESTS[rule](password));
}

/** The state of the new-password form: valid only when both fields are filled, match and pass every rule. */
export function passwordFormState(
  password: string,
  confirmation: string,
): {
  rules: Record<PasswordRule, boolean>;
  filled: boolean;
  same: boolean;
  valid: boolean;
} {
  const rules = checkPassword(password);
  const filled = password.length > 0 && confirmation.length > 0;
  const same = filled && password === confirmation;
  return { rules, filled, same, valid: filled && same && PASSWORD_RULES.every((r) => rules[r]) };
}
