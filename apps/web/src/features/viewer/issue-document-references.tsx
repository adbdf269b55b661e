import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { documentViewerPath } from './viewer-api.ts';

/** A document reference as the issue view gets it (spec core §3 documentsReferences). */
export interface IssueDocumentReferenceView {
  readonly source?: string | null;
  readonly documentId?: string | null;
  readonly documentName?: string | null;
  readonly revision?: string | null;
  readonly page?: number | null;
}

/**
 * The drive documents an issue references: each opens the document viewer at its revision and page, where the
 * issue's pin is shown (issue 15). References of other sources are not listed here.
 */
export function IssueDocumentReferences({
  projectId,
  references,
}: {
  projectId: number;
  references: readonly IssueDocumentReferenceView[];
}) {
  // Without suspense: the screen around must not wait for the viewer's texts.
  const { t, ready } = useTranslation('viewer', { useSuspense: false });
  const drive = references.filter((r) => r.source === 'drive' && r.documentId && Number(r.documentId) > 0);
  if (!ready || drive.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="issue-document-references">
      <Title order={5} mb={6}>
        {t('references.title')}
      </Title>
      <Stack gap={4}>
        {drive.map((reference, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <IconFileDescription size={16} />
            <Anchor
              component={Link}
              size="sm"
              to={documentViewerPath(projectId, Number(reference.documentId), {
                ...(reference.revision ? { revision: reference.revision } : {}),
                ...(reference.page ? { page: reference.page } : {}),
              })}
            >
              {t('references.open', {
                name: reference.documentName ?? '',
                revision: reference.revision ?? '',
                page: reference.page ?? 1,
              })}
            </Anchor>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('references.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
