import { Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RetrospectiveData } from './use-retrospective.ts';

/** The numbers of a ready retrospective: four figures, the two ranks and the project ranking. */
export function RetrospectiveSummary({
  data,
  companyName,
  compact = false,
}: {
  data: RetrospectiveData;
  companyName: string | null;
  compact?: boolean;
}) {
  const { t } = useTranslation('workspace');
  const stats = [
    { key: 'issuesCreated', value: data.issuesCreated ?? 0 },
    { key: 'issuesResolved', value: data.issuesResolved ?? 0 },
    { key: 'projects', value: data.projects ?? 0 },
    { key: 'interactions', value: data.interactions },
  ] as const;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: compact ? 2 : 4 }} spacing="sm">
        {stats.map((stat) => (
          <Paper key={stat.key} withBorder radius="md" p="sm" data-testid={`retrospective-${stat.key}`}>
            <Text fz={compact ? 24 : 32} fw={700} lh={1.1}>
              {stat.value}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`retrospective.stats.${stat.key}`, { count: stat.value })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Stack gap={4} data-testid="retrospective-ranks">
        {data.companyTopPercent !== null && (
          <Text fw={600}>
            {t('retrospective.companyRank', {
              percent: data.companyTopPercent,
              company: companyName ?? t('retrospective.yourCompany'),
            })}
          </Text>
        )}
        {data.overallTopPercent !== null && (
          <Text fw={600}>{t('retrospective.overallRank', { percent: data.overallTopPercent })}</Text>
        )}
      </Stack>
      {!compact && data.projectRanking.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('retrospective.rankingTitle')}
          </Title>
          <List spacing="xs" listStyleType="none" data-testid="retrospective-ranking">
            {data.projectRanking.map((project, i) => (
              <List.Item key={project.projectId}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={28} radius="xl" variant={i === 0 ? 'filled' : 'light'}>
                    {i === 0 ? <IconTrophy size={16} /> : <Text size="sm">{i + 1}</Text>}
                  </ThemeIcon>
                  <Text fw={500}>{project.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('retrospective.projectInteractions', { count: project.interactions })}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

/** The no-data message (editor §2.2): too few interactions in the year. */
export function RetrospectiveNoData({ data }: { data: RetrospectiveData }) {
  const { t } = useTranslation('workspace');
  return (
    <Text c="dimmed" data-testid="retrospective-no-data">
      {t('retrospective.noData', { year: data.year, min: data.minInteractions, count: data.interactions })}
    </Text>
  );
}
