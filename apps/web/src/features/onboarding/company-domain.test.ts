import { describe, expect, it } from 'vitest';
import { emailDomain, needsDomainConfirmation } from './company-domain.ts';

describe('needsDomainConfirmation (editor §5.3)', () => {
  it.each([
    ['ana@acme.com', 'acme.com', false],
    ['Ana@ACME.com', 'acme.COM', false],
    ['ana@acme.com', '@acme.com', false],
    ['ana@gmail.com', 'acme.com', true],
    ['ana@sub.acme.com', 'acme.com', true],
    ['ana@acme.com', null, false],
    ['ana@acme.com', '', false],
  ])('%s invited by an owner at %s → %s', (email, owner, expected) => {
    expect(needsDomainConfirmation(email, owner)).toBe(expected);
  });
  it('reads the domain of an address', () => {
    expect(emailDomain('a@B.org')).toBe('b.org');
    expect(emailDomain('nobody')).toBeNull();
  });
});
