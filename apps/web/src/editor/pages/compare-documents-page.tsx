import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MarkupEditor } from '../canvas/markup-editor';
import { parseDocumentsParam } from './documents-param';

/** /tools/compare-documents?documents=<base64 JSON list> (spec core §2): two documents in compare mode. */
export function CompareDocumentsPage() {
  const { t } = useTranslation('editor');
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseDocumentsParam(params.get('documents')), [params]);
  const images = useMemo(
    () => (parsed.ok ? parsed.documents.map((doc) => ({ src: doc.url, title: doc.title })) : []),
    [parsed],
  );

  if (!parsed.ok) {
    return (
      <Stack p="md">
        <Title order={2}>{t('compareDocuments.title')}</Title>
        <Alert color="red" role="alert">
          {t(`compareDocuments.${parsed.reason}`)}
        </Alert>
      </Stack>
    );
  }
  const [first, second] = parsed.documents;
  return (
    <Stack p="md" gap="sm" h="100vh">
      <Title order={2}>
        {first.title || second.title
          ? t('compareDocuments.versus', { first: first.title, second: second.title })
          : t('compareDocuments.title')}
      </Title>
      <Paper withBorder style={{ flex: 1, minHeight: 400, overflow: 'hidden' }}>
        <MarkupEditor images={images} />
      </Paper>
    </Stack>
  );
}
