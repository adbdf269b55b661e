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
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="admin-companies-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('companies.name')}</Table.Th>
                  <Table.Th>{t('companies.status')}</Table.Th>
                  <Table.Th>{t('companies.projects')}</Table.Th>
                  <Table.Th>{t('companies.members')}</Table.Th>
                  <Table.Th>{t('companies.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {form.dialog}
    </SettingsLayout>
  );
}
