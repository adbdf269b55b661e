import { describe, expect, it } from 'vitest';
import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import i18next from 'i18next';
import { RestError, toUiError } from './api-errors.ts';
import { errorText } from './error-toast.ts';

describe('toUiError', () => {
  it('takes the code of the first GraphQL error', () => {
    const error = new CombinedError({
      graphQLErrors: [
        new GraphQLError('Projeto não encontrado.', { extensions: { code: 'PROJECT_NOT_FOUND' } }),
      ],
    });
    expect(toUiError(error)).toEqual({ code: 'PROJECT_NOT_FOUND', message: 'Projeto não encontrado.' });
  });

  it("maps the browser's 'Failed to fetch' to FAILED_TO_FETCH", () => {
    const error = new CombinedError({ networkError: new TypeError('Failed to fetch') });
    expect(toUiError(error).code).toBe('FAILED_TO_FETCH');
    expect(toUiError(new TypeError('Failed to fetch')).code).toBe('FAILED_TO_FETCH');
  });

  it('keeps the code and message of REST errors, and calls anything else UNEXPECTED', () => {
    expect(toUiError(new RestError('NotAuthorizedException', 'Invalid e-mail or password.', 401))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Invalid e-mail or password.',
    });
    expect(toUiError('boom')).toEqual({ code: 'UNEXPECTED', message: 'boom' });
    const noCode = new CombinedError({ graphQLErrors: [new GraphQLError('odd')] });
    expect(toUiError(noCode).code).toBe('UNEXPECTED');
  });
});

describe('errorText', () => {
  it('uses the errors namespace when it has the code, else shows code: message', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'es',
      resources: { es: { errors: { FORBIDDEN_DEMO_MODE: 'No permitido en modo demostración.' } } },
    });
    const demo = new CombinedError({
      graphQLErrors: [new GraphQLError('x', { extensions: { code: 'FORBIDDEN_DEMO_MODE' } })],
    });
    expect(errorText(i18n.t, demo)).toBe('No permitido en modo demostración.');
    const unknown = new CombinedError({
      graphQLErrors: [new GraphQLError('Something odd', { extensions: { code: 'SOME_NEW_CODE' } })],
    });
    expect(errorText(i18n.t, unknown)).toBe('SOME_NEW_CODE: Something odd');
  });
});
