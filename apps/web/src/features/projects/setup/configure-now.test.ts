import { describe, expect, it } from 'vitest';
import { CONFIGURE_STEPS, stepOf, stepPath } from './configure-now.tsx';

describe('configure now', () => {
  it('walks locations → disciplines → companies → invites', () => {
    expect(CONFIGURE_STEPS).toEqual(['locals', 'disciplines', 'companies', 'invites']);
    expect(stepPath('/workspace/project/4/setup', 'disciplines')).toBe(
      '/workspace/project/4/setup/disciplines?walkthrough=1',
    );
    expect(stepPath('/workspace/project/4/setup', 'invites')).toBe(
      '/workspace/project/4/setup/companies?walkthrough=1&invite=1',
    );
  });

  it('knows the step of a section and address', () => {
    expect(stepOf('companies', new URLSearchParams('walkthrough=1&invite=1'))).toBe('invites');
    expect(stepOf('companies', new URLSearchParams('walkthrough=1'))).toBe('companies');
    expect(stepOf('locals', new URLSearchParams())).toBe('locals');
    expect(stepOf('phases', new URLSearchParams())).toBeNull();
  });
});
