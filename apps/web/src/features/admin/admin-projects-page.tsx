import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { AdminProjectsDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { CompanyProjectList } from '../company/company-project-list.tsx';
import { adminProjectSetupPath } from './admin-paths.ts';
import { LoadingCenter } from '../../components/loading.tsx';

/** /admin/projects: every project of the platform with its company; searchable by project or company name. */
export function AdminProjectsPage() {
  const { t } = useTranslation('admin');
  const [query] = useQuery({ query: AdminProjectsDocument });
  const [search, setSearch] = useState('');
  const all = query.data?.adminProjects;
  const needle = search.trim().toLowerCase();
  const projects = all?.filter(
    (p) => !needle || p.name.toLowerCase().includes(needle) || p.company.name.toLowerCase().includes(needle),
  );
  return (
    <SettingsLayout
      title={t('projects.title')}
      search={{ value: search, onChange: setSearch, placeholder: t('projects.search') }}
    >
      <Stack gap="sm" data-testid="admin-projects">
        <FormError error={query.error} />
        {query.fetching && !all && <LoadingCenter />}
        {projects && projects.length === 0 && (
          <Text ta="center" c="dimmed" py="lg">
            {needle ? t('projects.noMatch') : t('projects.empty')}
          </Text>
        )}
        {projects && projects.length > 0 && (
          <CompanyProjectList projects={projects} showCompany linkTo={adminProjectSetupPath} />
        )}
      </Stack>
    </SettingsLayout>
  );
}
