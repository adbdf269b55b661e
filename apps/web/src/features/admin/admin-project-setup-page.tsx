import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { ProjectDataDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import type { ProjectOutletContext } from '../projects/project-context.ts';
import { SetupFrame } from '../projects/setup/setup-layout.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

/**
 * /admin/project/{projectId}/setup (spec core §2 Admin): a platform administrator sets up any project with the
 * participants' setup screens; the sections are those of the admin route table.
 */
export function AdminProjectSetupPage() {
  const { t } = useTranslation('admin');
  const projectId = Number(useParams()['projectId']);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const [query, refetch] = useQuery({ query: ProjectDataDocument, variables: { projectId }, pause: !valid });
  const project = query.data?.projectData;
  if (!valid) return <Navigate to="/admin/projects" replace />;
  const context: ProjectOutletContext | null = project
    ? { project, reload: () => refetch({ requestPolicy: 'network-only' }) }
    : null;
  return (
    <Stack gap="md" data-testid="admin-project-setup">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to="/admin/projects" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} />
            {t('projectSetup.back')}
          </Group>
        </Anchor>
        {project && (
          <Text size="sm" c="dimmed" data-testid="admin-project-owner">
            {t('projectSetup.owner', { company: project.company.name })}
          </Text>
        )}
      </Group>
      <FormError error={query.error} />
      {query.fetching && !project && <LoadingCenter />}
      {context && <SetupFrame context={context} area={{ kind: 'admin', closeTo: '/admin/projects' }} />}
    </Stack>
  );
}
