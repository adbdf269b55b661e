import { describe, expect, it } from 'vitest';
import { companyInviteErrors, isCompanyInviteValid, searchCompanies } from './company-invite-form.ts';

describe('company invite form', () => {
  it('needs a company, a role, and disciplines unless all of them', () => {
    expect(
      companyInviteErrors({ companyId: null, projectRoleId: null, allDisciplines: false, disciplinesId: [] }),
    ).toEqual({
      company: 'required',
      role: 'required',
      disciplines: 'required',
    });
    expect(
      isCompanyInviteValid({ companyId: 4, projectRoleId: 2, allDisciplines: true, disciplinesId: [] }),
    ).toBe(true);
    expect(
      isCompanyInviteValid({ companyId: 4, projectRoleId: 2, allDisciplines: false, disciplinesId: [7, 8] }),
    ).toBe(true);
    expect(
      companyInviteErrors({ companyId: 4, projectRoleId: 2, allDisciplines: false, disciplinesId: [] }),
    ).toEqual({
      disciplines: 'required',
    });
  });

  it('searches companies only from 2 characters, active ones, never those excluded', () => {
    const companies = [
      { id: 1, name: 'Construtora Horizonte', isActive: true },
      { id: 2, name: 'Construções Érica', isActive: true },
      { id: 3, name: 'Consultoria Parada', isActive: false },
      { id: 4, name: 'Obra Própria', isActive: true },
    ];
    expect(searchCompanies(companies, 'c', new Set())).toEqual([]);
    expect(searchCompanies(companies, 'co', new Set()).map((c) => c.id)).toEqual([2, 1]);
    expect(searchCompanies(companies, 'CONSTRU', new Set([1])).map((c) => c.id)).toEqual([2]);
    expect(searchCompanies(companies, 'erica', new Set()).map((c) => c.id)).toEqual([2]);
  });
});
