import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { AdminCompaniesDocument, type CompanyProfileFieldsFragment } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { useLimitText } from '../company/company-profile-fields.tsx';
import { useCompanyForm } from './use-company-form.tsx';
import { LoadingCenter } from '../../components/loading.tsx';
import { DataTable } from '../../components/data-table.tsx';

/** Company search starts at two characters (editor §5.3). */
export const MIN_SEARCH = 2;

/** Companies whose name, owner e-mail or CNPJ contains the search, once it has two characters. */
export function filterCompanies(
  companies: CompanyProfileFieldsFragment[],
  search: string,
): CompanyProfileFieldsFragment[] {
  const needle = search.trim().toLowerCase();
  if (needle.length < MIN_SEARCH) return companies;
  return companies.filter((c) =>
    [c.name, c.ownerEmail ?? '', c.cnpj ?? ''].some((field) => field.toLowerCase().includes(needle)),
  );
}

/** /admin/companies (the admin default): every company with its status, project usage and members. */
export function AdminCompaniesPage() {
  const { t } = useTranslation('admin');
  const limit = useLimitText();
  const [query, refetch] = useQuery({ query: AdminCompaniesDocument });
  const [search, setSearch] = useState('');
  const form = useCompanyForm(() => refetch({ requestPolicy: 'network-only' }));
  const all = query.data?.adminCompanies;
  const companies = all ? filterCompanies(all, search) : undefined;
  const short = search.trim().length > 0 && search.trim().length < MIN_SEARCH;
  return (
    <SettingsLayout
      title={t('companies.title')}
      search={{ value: search, onChange: setSearch, placeholder: t('companies.search') }}
      primary={{ label: t('companies.new'), onClick: form.openCreate }}
    >
      <Stack gap="sm" data-testid="admin-companies">
        {short && (
          <Text size="sm" c="dimmed">
            {t('companies.searchHint', { count: MIN_SEARCH })}
          </Text>
        )}
        <FormError error={query.error} />
        {query.fetching && !all && <LoadingCenter />}
        {companies && companies.length === 0 && (
          <Text ta="center" c="dimmed" py="lg">
            {all && all.length > 0 ? t('companies.noMatch') : t('companies.empty')}
          </Text>
        )}
        {companies && companies.length > 0 && (
          <DataTable
            minWidth={640}
            highlightOnHover
            testId="admin-companies-table"
            heads={[
              t('companies.name'),
              t('companies.status'),
              t('companies.projects'),
              t('companies.members'),
              t('companies.actions'),
            ]}
          >
            {companies.map((company) => (
              <Table.Tr key={company.id} data-testid="admin-company-row" data-name={company.name}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/company/${company.id}`} fw={500}>
                    {company.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={company.isActive ? 'teal' : 'gray'}>
                    {company.isActive ? t('companies.activeStatus') : t('companies.inactiveStatus')}
                  </Badge>
                </Table.Td>
                <Table.Td data-testid="admin-company-usage">
                  {limit(company.activeProjects, company.maxActiveProjects)}
                </Table.Td>
                <Table.Td>{company.members}</Table.Td>
                <Table.Td>
                  <Tooltip label={t('companies.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('companies.editName', { name: company.name })}
                      onClick={() => form.openEdit(company)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
      {form.dialog}
    </SettingsLayout>
  );
}
