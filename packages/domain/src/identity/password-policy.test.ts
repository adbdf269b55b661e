import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordValid, passwordFormState, PASSWORD_MIN_LENGTH } from './password-policy.ts';

describe('password policy (editor §5.2)', () => {
  it('needs an uppercase, a lowercase, a special character, a digit and 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(isPasswordValid('Abcdef1!')).toBe(true);
    expect(checkPassword('abcdef1!')).toMatchObject({
      uppercase: false,
      lowercase: true,
      special: true,
      digit: true,
      length: true,
    });
    expect(checkPassword('ABCDEF1!')).toMatchObject({ lowercase: false });
    expect(checkPassword('Abcdefg1')).toMatchObject({ special: false });
    expect(checkPassword('Abcdefg!')).toMatchObject({ digit: false });
    expect(checkPassword('Abcd1!')).toMatchObject({ length: false });
    expect(isPasswordValid('Ação#2024x')).toBe(true);
    expect(isPasswordValid('Abcdef1 ')).toBe(false);
  });

  it('makes the form valid only when both fields are filled, match and pass every rule', () => {
    expect(passwordFormState('', '').valid).toBe(false);
    expect(passwordFormState('Abcdef1!', '')).toMatchObject({ filled: false, same: false, valid: false });
    expect(passwordFormState('Abcdef1!', 'Abcdef1?')).toMatchObject({
      filled: true,
      same: false,
      valid: false,
    });
    expect(passwordFormState('abcdef1!', 'abcdef1!')).toMatchObject({ same: true, valid: false });
    expect(passwordFormState('Abcdef1!', 'Abcdef1!')).toMatchObject({ same: true, valid: true });
  });
});
