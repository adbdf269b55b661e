import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconFolders, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import {
  SetProjectStarredDocument,
  WorkspaceHomeDocument,
  type ProjectCardFieldsFragment,
} from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { FormError } from '../../components/form-error.tsx';
import { CompanyProjectInvites } from '../projects/company-project-invites.tsx';
import { NewProjectDialog } from '../projects/new-project-dialog.tsx';
import { ProjectCard } from '../projects/project-card.tsx';
import { projectSections } from '../projects/project-sections.ts';
import { useDemoLock } from '../demo-mode/demo-mode.tsx';
import { RetrospectiveCard } from '../retrospective/retrospective-card.tsx';
import { SectionHeading } from '../../components/heading.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

/** /workspace/home: the company's projects in starred, active and inactive sections, and its project invites. */
export function WorkspaceHomePage() {
  const { t } = useTranslation(['workspace', 'projects']);
  // The project invitation e-mail's link (`?projectInvite=<id>`) lands here with that invitation singled out.
  const [searchParams] = useSearchParams();
  const linkedInvite = Number(searchParams.get('projectInvite')) || null;
  const demo = useDemoLock();
  const { user } = useSession();
  const client = useClient();
  const [home, refetch] = useQuery({ query: WorkspaceHomeDocument });
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [starring, setStarring] = useState<number | null>(null);
  if (!user) return null;
  const company = user.company;
  const canCreate = company?.role === 'admin' || company?.role === 'manager';
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const toggleStar = async (project: ProjectCardFieldsFragment) => {
    setStarring(project.id);
    const result = await client
      .mutation(SetProjectStarredDocument, { projectId: project.id, starred: !project.starred })
      .toPromise();
    setStarring(null);
    if (result.error) showErrorToast(t, result.error);
    else reload();
  };

  const cards = home.data?.workspaceProjects ?? [];
  const sections = projectSections(cards, search);
  return (
    <Stack gap="lg" maw={1200} mx="auto" data-testid="workspace-home">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('home.greeting', { name: user.name ?? user.email })}
          </Title>
          {company && (
            <Group gap="xs">
              <Text fw={600} data-testid="workspace-company">
                {company.name}
              </Text>
              <Badge variant="light">{t(`roles.${company.role}`, { defaultValue: company.role })}</Badge>
            </Group>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {cards.length > 0 && (
            <TextInput
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              placeholder={t('projects:home.search')}
              aria-label={t('projects:home.search')}
              leftSection={<IconSearch size={16} />}
              w={{ base: '100%', xs: 240 }}
            />
          )}
          {canCreate && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setCreating(true)}
              data-testid="new-project"
              {...demo.lock}
            >
              {t('projects:home.newProject')}
            </Button>
          )}
        </Group>
      </Group>
      <FormError error={home.error} />
      {home.fetching && !home.data && <LoadingCenter py="xl" />}
      {home.data && (
        <CompanyProjectInvites
          invites={home.data.companyProjectInvites}
          canAnswer={company?.role === 'admin'}
          onAnswered={reload}
          linkedId={linkedInvite}
        />
      )}
      {home.data && <RetrospectiveCard companyName={company?.name ?? null} />}
      {home.data && cards.length === 0 && <EmptyHome />}
      {cards.length > 0 && (
        <>
          {(['starred', 'active', 'inactive'] as const).map((key) =>
            sections[key].length === 0 ? null : (
              <Stack key={key} gap="sm" data-testid={`projects-${key}`}>
                <Title order={2} size="h4">
                  {t(`projects:home.sections.${key}`)}
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
                  {sections[key].map((project) => (
                    <ProjectCard
                      key={project.id}
                      project={project}
                      starring={starring === project.id}
                      onToggleStar={(p) => void toggleStar(p)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            ),
          )}
          {sections.starred.length + sections.active.length + sections.inactive.length === 0 && (
            <Text ta="center" c="dimmed" py="lg" data-testid="projects-no-match">
              {t('projects:home.noMatch')}
            </Text>
          )}
        </>
      )}
      <NewProjectDialog
        key={creating ? 'open' : 'closed'}
        opened={creating}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}

function EmptyHome() {
  const { t } = useTranslation('workspace');
  return (
    <Card withBorder radius="md" padding="xl">
      <Center>
        <Stack align="center" gap="xs" maw={420} ta="center" data-testid="workspace-empty">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconFolders size={30} />
          </ThemeIcon>
          <SectionHeading title={t('home.emptyTitle')} intro={t('home.emptyMessage')} order={2} size="h4" />
        </Stack>
      </Center>
    </Card>
  );
}
