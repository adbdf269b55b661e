import { useEffect } from 'react';
import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import {
  AcknowledgeDownloadsDocument,
  MyDownloadsDocument,
  type MyDownloadsQuery,
} from '../../gql/generated.ts';
import { PageHeading } from '../../components/heading.tsx';
import { EmptyCard } from '../../components/empty-card.tsx';
import { CardList } from '../../components/card-list.tsx';

type Download = MyDownloadsQuery['myDownloads'][number];

/** How often the list is read again while something is being prepared. */
const PROCESSING_POLL_MS = 1500;

/** Bytes as people read them (kB, MB, GB), in the page's language. */
export function formatSize(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/**
 * /workspace/downloads: every file the person asked Obra to prepare — bulk zips of a drive or of project files,
 * issue exports and reports prepared in the background, BCF exports — with its state (processing → completed → error), progress, size, expiry and download button.
 */
export function DownloadsPage() {
  const { t } = useTranslation(['workspace', 'drive']);
  const [result, refetch] = useQuery({ query: MyDownloadsDocument, requestPolicy: 'cache-and-network' });
  const list = result.data?.myDownloads;
  const processing = list?.some((d) => d.status === 'processing') ?? false;
  // What the page shows ended is seen: no "ready" e-mail for it.
  const client = useClient();
  const ended = list
    ?.filter((d) => d.status !== 'processing')
    .map((d) => d.id)
    .join(',');
  useEffect(() => {
    if (ended) void client.mutation(AcknowledgeDownloadsDocument, { ids: ended.split(',') }).toPromise();
  }, [ended, client]);
  useEffect(() => {
    if (!processing || result.fetching) return;
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), PROCESSING_POLL_MS);
    return () => clearTimeout(timer);
  }, [processing, result.fetching, refetch]);
  return (
    <Stack gap="lg" maw={900} mx="auto" data-testid="downloads-page">
      <PageHeading title={t('downloads.title')} intro={t('downloads.intro')} />
      <CardList
        items={list}
        fetching={result.fetching}
        error={result.error}
        empty={
          <EmptyCard
            testId="downloads-empty"
            icon={<IconFileZip size={30} />}
            title={t('downloads.emptyTitle')}
            message={t('downloads.emptyMessage')}
            messageMaw={420}
          />
        }
      >
        {(d) => <DownloadRow key={d.id} download={d} />}
      </CardList>
    </Stack>
  );
}

function DownloadRow({ download: d }: { download: Download }) {
  const { t, i18n } = useTranslation(['workspace', 'drive']);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const title =
    d.kind === 'driveZip' || d.kind === 'filesZip'
      ? t(`downloads.kinds.${d.kind}`, { count: d.total })
      : (d.fileName ?? t(`downloads.kinds.${d.kind}`));
  const errorText =
    d.errorCode === 'PREPARING'
      ? t('drive:bulk.errorPreparing')
      : d.errorCode === 'COMPRESSING'
        ? t('drive:bulk.errorCompressing')
        : d.errorCode
          ? t(`errors:${d.errorCode}`, { defaultValue: t('drive:bulk.errorPreparing') })
          : t('drive:bulk.errorPreparing');
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      data-testid="download-row"
      data-status={d.status}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} data-testid="download-title">
              {title}
            </Text>
            <Badge
              variant="light"
              color={d.status === 'completed' ? 'green' : d.status === 'error' ? 'red' : 'blue'}
              data-testid="download-status"
            >
              {t(`downloads.status.${d.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`downloads.kinds.${d.kind}Short`)} · {d.projectName} · {date(d.createdAt)}
          </Text>
          {d.status === 'processing' && (
            <Stack gap={2}>
              <Progress
                value={d.total > 0 ? (100 * d.done) / d.total : 0}
                aria-label={t('downloads.progress', { done: d.done, total: d.total })}
                animated
              />
              <Text size="xs" c="dimmed">
                {t('downloads.progress', { done: d.done, total: d.total })}
              </Text>
            </Stack>
          )}
          {d.status === 'error' && (
            <Text size="sm" c="red" data-testid="download-error">
              {errorText}
            </Text>
          )}
          {d.status === 'completed' && (
            <Text size="sm" c="dimmed" data-testid="download-details">
              {[
                d.size !== null ? formatSize(d.size, i18n.language) : null,
                d.expiresAt ? t('downloads.expires', { date: date(d.expiresAt) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
        {d.status === 'completed' && d.url && (
          <Button
            component="a"
            href={d.url}
            download={d.fileName ?? true}
            leftSection={<IconDownload size={16} />}
            data-testid="download-button"
          >
            {t('downloads.download')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
