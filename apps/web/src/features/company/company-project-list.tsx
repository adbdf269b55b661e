import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectCardFieldsFragment } from '../../gql/generated.ts';
import { projectInitials } from '../projects/project-sections.ts';
import { projectColour } from '../projects/project-colour.ts';

/**
 * Projects as simple cards. `linkTo` gives each card's address (the admin lists link to the admin project
 * setup); without it the cards are not links.
 */
export function CompanyProjectList({
  projects,
  linkTo,
  showCompany = false,
}: {
  projects: ProjectCardFieldsFragment[];
  linkTo?: (project: ProjectCardFieldsFragment) => string;
  showCompany?: boolean;
}) {
  const { t } = useTranslation('company');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="company-project-list">
      {projects.map((project) => (
        <Card key={project.id} withBorder radius="md" padding="md" data-testid="company-project-card">
          <Group gap="sm" wrap="nowrap">
            <Avatar
              src={project.image ?? null}
              radius="md"
              size={40}
              color={projectColour(project.id)}
              name={project.name}
            >
              {projectInitials(project.name)}
            </Avatar>
            <Stack gap={2} miw={0}>
              {linkTo ? (
                <Text component={Link} to={linkTo(project)} fw={600} lineClamp={2}>
                  {project.name}
                </Text>
              ) : (
                <Text fw={600} lineClamp={2}>
                  {project.name}
                </Text>
              )}
              <Group gap={6} wrap="wrap">
                <Badge size="sm" variant="light" color={project.status === 1 ? 'teal' : 'gray'}>
                  {project.status === 1 ? t('projects.active') : t('projects.inactive')}
                </Badge>
                {showCompany && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {project.company.name}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
