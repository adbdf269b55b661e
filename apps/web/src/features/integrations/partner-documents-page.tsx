import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { useProject } from '../projects/project-context.ts';
import { getModel, type ProcessingState } from '../bim/bim-api.ts';
import {
  projectIntegration,
  type ImportedFile,
  type PartnerFile,
  type PartnerItem,
  type ProjectIntegration,
} from './autodoc-api.ts';
import { api } from '../../lib/api/rest-client.ts';
import { PartnerTransfers, usePartnerTransfers } from './partner-transfers.tsx';

function isIfc(name: string): boolean {
  return /\.ifc$/i.test(name);
}

/**
 * /workspace/project/{projectId}/partner-documents: the linked project of the document platform, browsed through
 * the user's own account (folders, files with their versions), and a version brought into the drive — a PDF as a
 * new revision to open in the document viewer, an IFC also into BIM models, converted there.
 */
export function PartnerDocumentsPage() {
  const { t } = useTranslation('integrations');
  const { project } = useProject();
  const [link, setLink] = useState<ProjectIntegration | null | undefined>(undefined);
  const [folderId, setFolderId] = useState('/');
  const [items, setItems] = useState<PartnerItem[] | null>(null);
  const [file, setFile] = useState<PartnerFile | null>(null);
  const [imported, setImported] = useState<(ImportedFile & { name: string }) | null>(null);
  const [conversion, setConversion] = useState<ProcessingState | null>(null);
  const load = useAsyncAction();
  const bring = useAsyncAction();
  const runLoad = load.run;
  const projectId = project.id;

  useEffect(() => {
    void runLoad(async () => setLink(await projectIntegration(project.id)));
  }, [project.id, runLoad]);

  const open = useCallback(
    (id: string) => {
      setFolderId(id);
      setFile(null);
      setItems(null);
      void runLoad(async () => {
        const answer = await api.get('/autodoc/projects/{projectId}/folder-items', {
          path: { projectId },
          query: { folderId: id },
        });
        setItems(answer.items);
      });
    },
    [projectId, runLoad],
  );
  useEffect(() => {
    if (link) open('/');
  }, [link, open]);

  const select = (item: PartnerItem) => {
    if (item.type === 'folder') return open(item.id);
    setImported(null);
    setConversion(null);
    void runLoad(async () => {
      const query = { folderId, fileId: item.id };
      setFile(await api.get('/autodoc/projects/{projectId}/file', { path: { projectId }, query }));
    });
  };

  const transfers = usePartnerTransfers(projectId);
  // The transfer started from this page: once completed, its revision is announced below.
  const [current, setCurrent] = useState<{ id: string; name: string } | null>(null);
  const bringIn = (versionId: string) =>
    void bring.run(async () => {
      if (!file) return;
      setImported(null);
      setConversion(null);
      const started = await transfers.start({ folderId: file.folderId, fileId: file.id, versionId });
      setCurrent({ id: started.id, name: file.name });
    });
  const ended = current ? transfers.transfers.find((x) => x.id === current.id) : undefined;
  const endedFile = ended?.status === 'completed' ? ended.file : null;
  useEffect(() => {
    if (!current || !ended || !endedFile) return;
    setImported({ kind: ended.kind, file: endedFile, name: current.name });
    setCurrent(null);
  }, [current, ended, endedFile]);

  // An IFC brought in is converted by the server's job: its state is polled until it is done (or failed).
  const convertingId = imported?.kind === 'bim' ? imported.file.id : null;
  useEffect(() => {
    if (convertingId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const model = await getModel(project.id, convertingId);
        if (stopped) return;
        setConversion(model.processingState);
        if (model.processingState === 'success' || model.processingState === 'failed') return;
      } catch {
        // A read that fails is tried again at the next tick.
      }
      if (!stopped) timer = setTimeout(() => void poll(), 2000);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [convertingId, project.id]);

  const segments = folderId === '/' ? [] : folderId.slice(1).split('/');
  const hasBim = project.modules.includes('bim');

  return (
    <Stack gap="md" p="md" data-testid="partner-documents">
      <Title order={3}>{t('documents.title')}</Title>
      <FormError error={load.error} />
      {link === undefined && !load.error && <Loader size="sm" />}
      {link === null && (
        <Alert color="gray" variant="light" data-testid="partner-not-linked">
          {t('documents.notLinked')}
        </Alert>
      )}
      {link && (
        <>
          <Text c="dimmed">
            {link.autodocCustomerId} / {link.autodocProjectName}
          </Text>
          <Breadcrumbs>
            <Anchor component="button" onClick={() => open('/')}>
              {t('documents.root')}
            </Anchor>
            {segments.map((name, i) => (
              <Anchor
                key={i}
                component="button"
                onClick={() => open(`/${segments.slice(0, i + 1).join('/')}`)}
              >
                {name}
              </Anchor>
            ))}
          </Breadcrumbs>
          {items === null && !load.error && <Loader size="sm" />}
          {items?.length === 0 && <Text c="dimmed">{t('documents.empty')}</Text>}
          {items && items.length > 0 && (
            <Table highlightOnHover data-testid="partner-items">
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr
                    key={item.id}
                    onClick={() => select(item)}
                    style={{ cursor: 'pointer' }}
                    data-testid="partner-item"
                    data-type={item.type}
                  >
                    <Table.Td w={32}>
                      {item.type === 'folder' ? <IconFolder size={18} /> : <IconFile size={18} />}
                    </Table.Td>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>
                      {item.type === 'file' && item.size != null
                        ? t('documents.size', { size: Math.max(1, Math.round(item.size / 1024)) })
                        : ''}
                    </Table.Td>
                    <Table.Td>{item.modifiedAt ? new Date(item.modifiedAt).toLocaleString() : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {file && (
            <Paper withBorder p="md" data-testid="partner-file">
              <Stack gap="xs">
                <Title order={5}>{file.name}</Title>
                <Text size="sm" fw={500}>
                  {t('documents.versions')}
                </Text>
                {file.versions.map((v) => (
                  <Group key={v.id} justify="space-between">
                    <Text size="sm">
                      {t('documents.version', { number: v.number })}
                      {v.modifiedAt ? ` — ${new Date(v.modifiedAt).toLocaleString()}` : ''}
                    </Text>
                    {(!isIfc(file.name) || hasBim) && (
                      <Button
                        size="xs"
                        onClick={() => bringIn(v.id)}
                        loading={bring.busy}
                        data-testid="partner-bring"
                      >
                        {isIfc(file.name) ? t('documents.bringToBim') : t('documents.bringToDrive')}
                      </Button>
                    )}
                  </Group>
                ))}
                {(bring.busy || (current && ended?.status === 'transferring')) && (
                  <Text size="sm">{t('documents.bringing', { name: file.name })}</Text>
                )}
                <FormError error={bring.error} />
              </Stack>
            </Paper>
          )}
          {imported && (
            <Alert color="teal" variant="light" data-testid="partner-imported">
              <Stack gap="xs">
                <Text>
                  {imported.kind === 'bim'
                    ? t('documents.broughtBim', { name: imported.name })
                    : t('documents.broughtDrive', {
                        name: imported.name,
                        revision: imported.file.revisionName,
                      })}
                </Text>
                {imported.kind === 'bim' ? (
                  <>
                    {conversion && (
                      <Text size="sm" data-testid="partner-conversion" data-state={conversion}>
                        {t(`documents.conversion.${conversion}`)}
                      </Text>
                    )}
                    <Anchor
                      component={Link}
                      to={
                        conversion === 'success'
                          ? `/workspace/project/${project.id}/bim-files/models/${imported.file.id}`
                          : `/workspace/project/${project.id}/bim-files/models`
                      }
                      data-testid="partner-open-model"
                    >
                      {t('documents.openModels')}
                    </Anchor>
                  </>
                ) : (
                  <Anchor
                    component={Link}
                    to={`/workspace/project/${project.id}/drive/documents/${imported.file.documentId}`}
                    data-testid="partner-open-viewer"
                  >
                    {t('documents.open')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <PartnerTransfers projectId={projectId} transfers={transfers.transfers} />
        </>
      )}
    </Stack>
  );
}
