import type { ReactNode } from 'react';
import { ActionIcon, Avatar, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlarm, IconAt, IconBell, IconListCheck, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyMark } from '../../components/image-cropper/company-mark.tsx';
import type { ProjectCardFieldsFragment } from '../../gql/generated.ts';
import { projectColour, projectIssuesTab } from './project-colour.ts';
import { badgeText, projectInitials } from './project-sections.ts';

/** A counter with "99+" above 99 (editor §9); zero counts are dimmed rather than hidden so cards line up. */
export function CountBadge({
  count,
  label,
  icon,
  color,
  testId,
  to,
  linkLabel,
}: {
  count: number;
  label: string;
  icon: ReactNode;
  color: string;
  testId?: string;
  /** Where the counter leads (the matching tab of the issue list), and how the link names itself. */
  to?: string;
  linkLabel?: string;
}) {
  const common = {
    variant: count > 0 ? 'light' : 'outline',
    color: count > 0 ? color : 'gray',
    leftSection: icon,
    'data-testid': testId,
  } as const;
  return (
    <Tooltip label={label}>
      {to ? (
        <Badge
          {...common}
          component={Link}
          to={to}
          aria-label={linkLabel ?? `${label}: ${count}`}
          style={{ cursor: 'pointer' }}
        >
          {badgeText(count)}
        </Badge>
      ) : (
        <Badge {...common} aria-label={`${label}: ${count}`}>
          {badgeText(count)}
        </Badge>
      )}
    </Tooltip>
  );
}

/** The card's counters (a field of the project and its label), each leading to a tab of the issue list. */
const COUNTERS = [
  { key: 'pendencies', tab: 'pendencies', Icon: IconListCheck, color: 'blue', testId: 'count-pendencies' },
  { key: 'latePendencies', tab: 'latePendencies', Icon: IconAlarm, color: 'red', testId: 'count-late' },
  { key: 'mentions', tab: 'newMentions', Icon: IconAt, color: 'grape', testId: 'count-mentions' },
  {
    key: 'notifications',
    tab: 'notifications',
    Icon: IconBell,
    color: 'orange',
    testId: 'count-notifications',
  },
] as const;

/** A project on the workspace home (editor §3.4). */
export function ProjectCard({
  project,
  onToggleStar,
  starring,
}: {
  project: ProjectCardFieldsFragment;
  onToggleStar: (project: ProjectCardFieldsFragment) => void;
  starring: boolean;
}) {
  const { t } = useTranslation(['projects', 'everyday']);
  const counter = (label: string, count: number) =>
    t('everyday:home.counterLink', { label, count, name: project.name });
  const starLabel = project.starred
    ? t('card.unstar', { name: project.name })
    : t('card.star', { name: project.name });
  return (
    <Card withBorder radius="md" padding="md" data-testid="project-card" data-project-id={project.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar
            src={project.image ?? null}
            radius="md"
            size={48}
            color={projectColour(project.id)}
            variant="light"
            name={project.name}
            data-testid="project-card-avatar"
            data-colour={project.image ? undefined : projectColour(project.id)}
          >
            {projectInitials(project.name)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text
              component={Link}
              to={`/workspace/project/${project.id}`}
              fw={600}
              lineClamp={2}
              data-testid="project-card-name"
            >
              {project.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <CompanyMark logo={project.company.logo} name={project.company.name} size={18} />
              <Text size="xs" c="dimmed" lineClamp={1}>
                {project.company.name}
              </Text>
            </Group>
          </Stack>
        </Group>
        <ActionIcon
          variant="subtle"
          color="yellow"
          onClick={() => onToggleStar(project)}
          loading={starring}
          aria-label={starLabel}
          aria-pressed={project.starred}
          data-testid="project-card-star"
        >
          {project.starred ? <IconStarFilled size={18} /> : <IconStar size={18} />}
        </ActionIcon>
      </Group>
      <Group gap={6} mt="md" wrap="wrap">
        {COUNTERS.map(({ key, tab, Icon, color, testId }) => (
          <CountBadge
            key={key}
            count={project[key]}
            label={t(`card.${key}`)}
            to={projectIssuesTab(project.id, tab)}
            linkLabel={counter(t(`card.${key}`), project[key])}
            icon={<Icon size={12} />}
            color={color}
            testId={testId}
          />
        ))}
      </Group>
      {project.status === 0 && (
        <Badge mt="sm" color="gray" variant="filled" size="sm">
          {t('enums:projectStatuses.0')}
        </Badge>
      )}
    </Card>
  );
}
