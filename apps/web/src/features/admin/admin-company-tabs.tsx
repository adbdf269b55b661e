import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { AdminCompanyMembersDocument, AdminCompanyProjectsDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { CompanyMembersTable } from '../company/company-members-table.tsx';
import { CompanyProfileView } from '../company/company-profile-fields.tsx';
import { CompanyProjectList } from '../company/company-project-list.tsx';
import { adminProjectSetupPath } from './admin-paths.ts';
import { useAdminCompany } from './admin-company-page.tsx';
import { useCompanyForm } from './use-company-form.tsx';

function Loading({ error, fetching }: { error: unknown; fetching: boolean }) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormError error={error} />
      {fetching && (
        <Center>
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </>
  );
}

/** /admin/company/{companyId}/profile: the company's profile, edited in the admin company form. */
export function AdminCompanyProfileTab() {
  const { t } = useTranslation('admin');
  const { company, reload } = useAdminCompany();
  const form = useCompanyForm(reload);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          onClick={() => form.openEdit(company)}
          data-testid="admin-company-edit"
        >
          {t('companies.edit')}
        </Button>
      </Group>
      <CompanyProfileView profile={company} />
      {form.dialog}
    </Stack>
  );
}

/** /admin/company/{companyId}/members: the members and their roles, read-only. */
export function AdminCompanyMembersTab() {
  const { t } = useTranslation('admin');
  const { company } = useAdminCompany();
  const [query] = useQuery({ query: AdminCompanyMembersDocument, variables: { companyId: company.id } });
  const members = query.data?.adminCompanyMembers;
  return (
    <Stack gap="sm">
      <Loading error={query.error} fetching={query.fetching && !members} />
      {members && members.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          {t('company.noMembers')}
        </Text>
      )}
      {members && members.length > 0 && <CompanyMembersTable members={members} />}
    </Stack>
  );
}

/** /admin/company/{companyId}/projects: the company's projects, read-only. */
export function AdminCompanyProjectsTab() {
  const { t } = useTranslation('admin');
  const { company } = useAdminCompany();
  const [query] = useQuery({ query: AdminCompanyProjectsDocument, variables: { companyId: company.id } });
  const projects = query.data?.adminCompanyProjects;
  return (
    <Stack gap="sm">
      <Loading error={query.error} fetching={query.fetching && !projects} />
      {projects && projects.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          {t('company.noProjects')}
        </Text>
      )}
      {projects && projects.length > 0 && (
        <CompanyProjectList projects={projects} linkTo={adminProjectSetupPath} />
      )}
    </Stack>
  );
}
