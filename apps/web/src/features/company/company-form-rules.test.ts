import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidWebsite, toProfileInput, validateCompanyProfile } from './company-form-rules.ts';

describe('company form rules', () => {
  it('accepts an empty or 14-digit CNPJ, with or without punctuation', () => {
    expect(isValidCnpj('')).toBe(true);
    expect(isValidCnpj('12.345.678/0001-95')).toBe(true);
    expect(isValidCnpj('12345678000195')).toBe(true);
    expect(isValidCnpj('1234')).toBe(false);
    expect(isValidCnpj('12.345.678/0001-9x')).toBe(false);
  });

  it('accepts an empty website or a host name with a dot', () => {
    expect(isValidWebsite('')).toBe(true);
    expect(isValidWebsite('obra.example.com')).toBe(true);
    expect(isValidWebsite('https://obra.example.com/about')).toBe(true);
    expect(isValidWebsite('not a site')).toBe(false);
    expect(isValidWebsite('localhost')).toBe(false);
  });

  it('requires the name and reports each invalid field', () => {
    expect(validateCompanyProfile({ name: ' ', website: 'x', cnpj: '1' })).toEqual({
      name: 'form.errors.nameRequired',
      website: 'form.errors.website',
      cnpj: 'form.errors.cnpj',
    });
    expect(validateCompanyProfile({ name: 'Acme', website: '', cnpj: '' })).toEqual({});
  });

  it('sends empty optional fields as null', () => {
    expect(toProfileInput({ name: ' Acme ', website: '', cnpj: ' ' })).toEqual({
      name: 'Acme',
      website: null,
      cnpj: null,
    });
  });
});
