import { useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { RETROSPECTIVE_YEAR } from '@obra/domain';
import { useSession } from '../../app/guards/session-context.ts';
import { FormError } from '../../components/form-error.tsx';
import { RetrospectiveNoData, RetrospectiveSummary } from './retrospective-summary.tsx';
import { renderRetrospectivePng, shareOrDownload } from './share-image.ts';
import { useRetrospective, type RetrospectiveData } from './use-retrospective.ts';

/** /workspace/retrospective: the product's retrospective year (editor §9). */
export function RetrospectiveYearRedirect() {
  return <Navigate to={`/workspace/retrospective/${RETROSPECTIVE_YEAR}`} replace />;
}

/** /workspace/retrospective/:year: the caller's year in Obra (editor §2.2, §9), shareable as an image. */
export function RetrospectivePage() {
  const { t } = useTranslation('workspace');
  const { user } = useSession();
  const year = Number(useParams().year);
  const result = useRetrospective(year);
  const data = result.data?.retrospective;
  return (
    <Stack gap="lg" maw={900} mx="auto" data-testid="retrospective-page">
      <Title order={1} size="h2">
        {t('retrospective.title', { year })}
      </Title>
      <FormError error={result.error} />
      {(!data || data.state === 'preparing') && !result.error && (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader aria-label={t('retrospective.preparing')} />
            <Text c="dimmed">{t('retrospective.preparing')}</Text>
          </Stack>
        </Center>
      )}
      {data?.state === 'noData' && (
        <Card withBorder radius="md" padding="lg">
          <RetrospectiveNoData data={data} />
        </Card>
      )}
      {data?.state === 'ready' && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="lg">
            <RetrospectiveSummary data={data} companyName={user?.company?.name ?? null} />
            <ShareButton data={data} companyName={user?.company?.name ?? null} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function ShareButton({ data, companyName }: { data: RetrospectiveData; companyName: string | null }) {
  const { t } = useTranslation('workspace');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const share = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const stats = (['issuesCreated', 'issuesResolved', 'projects', 'interactions'] as const).map((key) => {
        const value = (key === 'interactions' ? data.interactions : data[key]) ?? 0;
        return { value: String(value), label: t(`retrospective.stats.${key}`, { count: value }) };
      });
      const ranks = [
        ...(data.companyTopPercent !== null
          ? [
              t('retrospective.companyRank', {
                percent: data.companyTopPercent,
                company: companyName ?? t('retrospective.yourCompany'),
              }),
            ]
          : []),
        ...(data.overallTopPercent !== null
          ? [t('retrospective.overallRank', { percent: data.overallTopPercent })]
          : []),
      ];
      const title = t('retrospective.title', { year: data.year });
      const blob = await renderRetrospectivePng(data, {
        title,
        stats,
        ranks,
        rankingTitle: t('retrospective.rankingTitle'),
        footer: t('retrospective.imageFooter'),
      });
      await shareOrDownload(blob, `obra-${data.year}.png`, title);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button
          leftSection={<IconShare size={16} />}
          onClick={() => void share()}
          loading={busy}
          data-testid="retrospective-share"
        >
          {t('retrospective.share')}
        </Button>
      </Group>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t('retrospective.shareFailed')}
        </Alert>
      )}
    </Stack>
  );
}
