import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { RETROSPECTIVE_YEAR } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetrospectiveNoData, RetrospectiveSummary } from './retrospective-summary.tsx';
import { useRetrospective } from './use-retrospective.ts';

/** The home's card of the caller's retrospective year (editor §9: 2024), leading to its page. */
export function RetrospectiveCard({ companyName }: { companyName: string | null }) {
  const { t } = useTranslation('workspace');
  const result = useRetrospective(RETROSPECTIVE_YEAR);
  const data = result.data?.retrospective;
  // A side card: when it cannot be read, the home goes on without it.
  if (result.error) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="retrospective-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconConfetti size={22} aria-hidden />
          <Title order={2} size="h4">
            {t('retrospective.cardTitle', { year: RETROSPECTIVE_YEAR })}
          </Title>
        </Group>
        {(!data || data.state === 'preparing') && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('retrospective.preparing')}
            </Text>
          </Group>
        )}
        {data?.state === 'noData' && <RetrospectiveNoData data={data} />}
        {data?.state === 'ready' && <RetrospectiveSummary data={data} companyName={companyName} compact />}
        {data && data.state !== 'preparing' && (
          <Anchor component={Link} to={`/workspace/retrospective/${RETROSPECTIVE_YEAR}`} fw={500}>
            {t('retrospective.open')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
