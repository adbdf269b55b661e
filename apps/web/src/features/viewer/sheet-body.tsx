import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetBodyState } from './document-viewer-model.ts';
import type { ViewerDocument } from './viewer-api.ts';

/** Loading, error and unsupported states around the sheet (`sheetBody` of the viewer's model says which). */
export function SheetBody(props: {
  body: SheetBodyState;
  documents: readonly ViewerDocument[];
  onRemoveDocument: ((documentId: number) => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('viewer');
  const { body } = props;
  if (body.status === 'error') {
    const doc = props.documents.find((d) => d.id === body.failedId);
    return (
      <Alert color="red" role="alert" title={t('errors.loadTitle')} data-testid="viewer-load-error">
        <Stack gap="xs">
          <Text size="sm">
            {props.documents.length > 1 ? t('errors.someDocuments') : t('errors.document')}
          </Text>
          {doc && props.onRemoveDocument && props.documents.length > 1 && (
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {doc.name}
              </Text>
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                leftSection={<IconTrash size={14} />}
                onClick={() => props.onRemoveDocument?.(doc.id)}
              >
                {t('errors.remove')}
              </Button>
            </Group>
          )}
        </Stack>
      </Alert>
    );
  }
  if (body.status === 'unsupported') return <Alert color="yellow">{t('errors.unsupported')}</Alert>;
  if (body.status === 'loading')
    return (
      <Center style={{ flex: 1 }}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  return <>{props.children}</>;
}
