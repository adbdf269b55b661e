import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { CompanyProjectsDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { CompanyProjectList } from './company-project-list.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

/** /workspace/company/projects: the projects of the caller's company, each linking to its project area. */
export function CompanyProjectsPage() {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const [query] = useQuery({ query: CompanyProjectsDocument });
  const projects = query.data?.companyProjects;
  return (
    <SettingsLayout title={t('projects.title')} onClose={() => void navigate('/workspace/home')}>
      <Stack gap="sm">
        <FormError error={query.error} />
        {query.fetching && !projects && <LoadingCenter />}
        {projects && projects.length === 0 && (
          <Text ta="center" c="dimmed" py="lg" data-testid="company-projects-empty">
            {t('projects.empty')}
          </Text>
        )}
        {projects && projects.length > 0 && (
          <CompanyProjectList projects={projects} linkTo={(p) => `/workspace/project/${p.id}`} />
        )}
      </Stack>
    </SettingsLayout>
  );
}
