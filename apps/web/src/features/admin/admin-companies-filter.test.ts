import { describe, expect, it } from 'vitest';
import type { CompanyProfileFieldsFragment } from '../../gql/generated.ts';
import { filterCompanies } from './admin-companies-page.tsx';

function company(id: number, name: string, ownerEmail: string | null): CompanyProfileFieldsFragment {
  return {
    id,
    name,
    logo: null,
    website: null,
    cnpj: null,
    ownerEmail,
    isActive: true,
    maxActiveProjects: -1,
    activeProjects: 0,
    members: 1,
  };
}

const ALL = [company(1, 'Obra Demo', 'carla@demo.com'), company(2, 'Construtora Norte', null)];

describe('admin company search (editor §5.3: at least two characters)', () => {
  it('does not filter below two characters', () => {
    expect(filterCompanies(ALL, 'n')).toHaveLength(2);
    expect(filterCompanies(ALL, '  ')).toHaveLength(2);
  });

  it('matches the name or the owner e-mail, ignoring case', () => {
    expect(filterCompanies(ALL, 'NORTE').map((c) => c.id)).toEqual([2]);
    expect(filterCompanies(ALL, 'carla@').map((c) => c.id)).toEqual([1]);
    expect(filterCompanies(ALL, 'zz')).toEqual([]);
  });
});
