import { describe, expect, it } from 'vitest';
import { emailDomain, isEmailValid, normalizeEmail, sameEmailDomain } from './email-address.ts';
import { isCompanyRole } from './company-roles.ts';
import { isAllowedInDemo } from './demo-policy.ts';
import { isFederatedProvider, isSafeRedirectPath, isVerificationCodeFormat } from './sign-in-rules.ts';

describe('e-mail addresses', () => {
  it('normalizes case and spaces', () => {
    expect(normalizeEmail('  Ana.Silva@Example.COM ')).toBe('ana.silva@example.com');
  });
  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.org', true],
    ['no-at.example.com', false],
    ['a@b', false],
    ['a b@c.com', false],
    ['', false],
    [`${'a'.repeat(250)}@b.co`, false],
  ])('validates %s → %s', (email, valid) => {
    expect(isEmailValid(email)).toBe(valid);
  });
  it('compares domains case-insensitively', () => {
    expect(emailDomain('x@Obra.Dev')).toBe('obra.dev');
    expect(emailDomain('nothing')).toBeUndefined();
    expect(emailDomain('x@')).toBeUndefined();
    expect(sameEmailDomain('a@obra.dev', 'b@OBRA.dev')).toBe(true);
    expect(sameEmailDomain('a@obra.dev', 'b@other.dev')).toBe(false);
    expect(sameEmailDomain('a', 'b')).toBe(false);
  });
});

describe('roles, providers and codes', () => {
  it('knows the company roles', () => {
    expect(isCompanyRole('admin')).toBe(true);
    expect(isCompanyRole('owner')).toBe(false);
  });
  it('knows the providers', () => {
    expect(isFederatedProvider('google')).toBe(true);
    expect(isFederatedProvider('microsoft')).toBe(true);
    expect(isFederatedProvider('github')).toBe(false);
  });
  it('accepts only six digits as a code', () => {
    expect(isVerificationCodeFormat('012345')).toBe(true);
    expect(isVerificationCodeFormat('12345')).toBe(false);
    expect(isVerificationCodeFormat('1234567')).toBe(false);
    expect(isVerificationCodeFormat('12a456')).toBe(false);
  });
});

describe('demo mode', () => {
  it('allows only the listed personal mutations', () => {
    expect(isAllowedInDemo('acceptPolicies')).toBe(true);
    expect(isAllowedInDemo('setProjectIssueStarring')).toBe(true);
    expect(isAllowedInDemo('createCompany')).toBe(false);
    expect(isAllowedInDemo('createAccessKey')).toBe(false);
    expect(isAllowedInDemo('someFutureMutation')).toBe(false);
  });
});

describe('redirect after sign-in', () => {
  it.each([
    ['/workspace/project/3/issues?x=1', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['workspace', false],
    ['/a\nb', false],
  ])('%s → %s', (path, ok) => {
    expect(isSafeRedirectPath(path)).toBe(ok);
  });
});
