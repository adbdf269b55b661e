import { useEffect, useState } from 'react';
import { Alert, Button, Code, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { FormError } from '../../components/form-error.tsx';
import { CreateAccessKeyDocument } from '../../gql/generated.ts';
import { RestError } from '../../lib/api-errors.ts';
import { api, type ApiAnswer } from '../../lib/api/rest-client.ts';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { useProject } from '../projects/project-context.ts';

/** The .pbids file of the project's feed, as the server writes it (GET /data-lake/power-bi/…/connection). */
interface ConnectionFile {
  blob: Blob;
  fileName: string;
  address: string;
}

/** The .pbids file as the route answers it. */
type Pbids = ApiAnswer<'/data-lake/power-bi/projects/{projectId}/connection', 'get'>;

async function fetchConnectionFile(projectId: number): Promise<ConnectionFile> {
  // The answer is a file to save as it came (its bytes and its name): the client's raw call hands it over.
  const response = await api.raw.get('/data-lake/power-bi/projects/{projectId}/connection', {
    path: { projectId },
  });
  const text = await response.text();
  let pbids: Pbids;
  try {
    pbids = JSON.parse(text) as Pbids;
  } catch {
    throw new RestError('UNEXPECTED', 'not JSON', response.status);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    blob: new Blob([text], { type: 'application/json' }),
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'obra.pbids',
    address: pbids.connections[0]?.details.address.url ?? '',
  };
}

/**
 * /workspace/project/{projectId}/power-bi (spec editor §1, issue 32 item 4): the project's OData feed address, an
 * access key made for it (its secret shown once), the three steps in Power BI Desktop, and a .pbids connection file
 * that opens Power BI on the feed (docs/bi.md).
 */
export function PowerBiPage() {
  const { t } = useTranslation('integrations');
  const { project } = useProject();
  const client = useClient();
  const [file, setFile] = useState<ConnectionFile | null>(null);
  const [key, setKey] = useState<{ keyId: string; secret: string } | null>(null);
  const load = useAsyncAction();
  const create = useAsyncAction();
  const runLoad = load.run;

  useEffect(() => {
    void runLoad(async () => setFile(await fetchConnectionFile(project.id)));
  }, [project.id, runLoad]);

  const createKey = () =>
    void create.run(async () => {
      const result = await client
        .mutation(CreateAccessKeyDocument, { name: t('powerBi.keyName', { project: project.name }) })
        .toPromise();
      if (result.error) throw result.error;
      if (!result.data) return;
      setKey({
        keyId: result.data.createAccessKey.accessKey.keyId,
        secret: result.data.createAccessKey.secret,
      });
    });

  const download = () => {
    if (!file) return;
    const url = URL.createObjectURL(file.blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = file.fileName;
    anchor.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md" p="md" maw={820} data-testid="power-bi">
      <Title order={3}>{t('powerBi.title')}</Title>
      <Text c="dimmed">{t('powerBi.intro')}</Text>
      <FormError error={load.error} />
      <TextInput
        label={t('powerBi.address')}
        value={file?.address ?? ''}
        readOnly
        data-testid="power-bi-address"
      />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={5}>{t('powerBi.keyTitle')}</Title>
          <Text size="sm">{t('powerBi.keyIntro')}</Text>
          {key ? (
            <Alert color="teal" variant="light" data-testid="power-bi-key">
              <Stack gap={4}>
                <Text size="sm">
                  {t('powerBi.keyId')}: <Code>{key.keyId}</Code>
                </Text>
                <Text size="sm">
                  {t('powerBi.secret')}: <Code data-testid="power-bi-secret">{key.secret}</Code>
                </Text>
                <Text size="sm" fw={500}>
                  {t('powerBi.secretOnce')}
                </Text>
              </Stack>
            </Alert>
          ) : (
            <Group>
              <Button onClick={createKey} loading={create.busy} data-testid="power-bi-create-key">
                {t('powerBi.createKey')}
              </Button>
            </Group>
          )}
          <FormError error={create.error} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={5}>{t('powerBi.stepsTitle')}</Title>
          <List type="ordered" spacing="xs" data-testid="power-bi-steps">
            <List.Item>{t('powerBi.step1')}</List.Item>
            <List.Item>{t('powerBi.step2')}</List.Item>
            <List.Item>{t('powerBi.step3')}</List.Item>
          </List>
          <Group>
            <Button variant="light" onClick={download} disabled={!file} data-testid="power-bi-download">
              {t('powerBi.download')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
