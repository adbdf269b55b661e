import { Alert, Badge, Center, CloseButton, Group, Loader, Select, Stack, Title } from '@mantine/core';
import {
  MAX_COMPARED_DOCUMENTS as MAX_COMPARED,
  encodeCompareDocumentsParam,
  parseCompareDocumentsParam,
  type CompareDriveEntry,
  type DocumentPin,
} from '@obra/domain';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/guards/session-context.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { type DriveFile } from '../drive/drive-api.ts';
import { api } from '../../lib/api/rest-client.ts';
import { VIEWABLE_EXTENSIONS } from './view-document-button.tsx';
import { DocumentViewer, defaultChoices, type AlignmentStore } from './document-viewer.tsx';
import {
  documentPins,
  forgetAlignment,
  loadAlignment,
  openDocuments,
  saveAlignment,
  type ViewerDocument,
} from './viewer-api.ts';
import { CenteredSuspense } from '../../components/centered-suspense.tsx';

// Lists of image addresses keep the editor's compare page (spec editor §2.1 compare mode).
const EditorComparePage = lazy(async () => ({
  default: (await import('../../editor/pages/compare-documents-page.tsx')).CompareDocumentsPage,
}));

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; code: string }
  | { status: 'ready'; projectId: number; documents: ViewerDocument[] };

/**
 * /tools/compare-documents?documents=<base64 JSON list> (spec core §2). Drive documents open in the document
 * viewer's compare mode, after the server checked that the user may read every one of them (a list naming one they
 * may not is refused as a whole); a list of image addresses, or a parameter that cannot be read, opens the
 * editor's compare page as before, with its own messages.
 */
export function CompareDocumentsRoute() {
  const { t } = useTranslation(['viewer', 'errors']);
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseCompareDocumentsParam(params.get('documents')), [params]);
  const drive = useMemo(
    () => (parsed.ok ? parsed.entries.filter((e): e is CompareDriveEntry => e.kind === 'drive') : []),
    [parsed],
  );
  if (!parsed.ok || drive.length === 0)
    return (
      <CenteredSuspense>
        <EditorComparePage />
      </CenteredSuspense>
    );
  if (drive.length !== parsed.entries.length || new Set(drive.map((d) => d.projectId)).size > 1)
    return (
      <Stack p="md">
        <Title order={2}>{t('viewer:compareTitle')}</Title>
        <Alert color="red" role="alert" data-testid="compare-param-error">
          {t('viewer:param.mixed')}
        </Alert>
      </Stack>
    );
  return <DriveCompare entries={drive} />;
}

function DriveCompare({ entries }: { entries: readonly CompareDriveEntry[] }) {
  const { t } = useTranslation(['viewer', 'errors']);
  const session = useSession();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const projectId = entries[0]?.projectId ?? 0;
  const ids = useMemo(() => entries.map((e) => e.documentId), [entries]);
  const signedIn = session.status === 'ready';
  useEffect(() => {
    if (session.status === 'anonymous' || session.status === 'failed') {
      setLoaded({ status: 'error', code: 'UNAUTHENTICATED' });
      return;
    }
    if (!signedIn) return;
    let live = true;
    openDocuments(projectId, ids).then(
      (documents) => live && setLoaded({ status: 'ready', projectId, documents }),
      (error: unknown) => live && setLoaded({ status: 'error', code: toUiError(error).code }),
    );
    return () => {
      live = false;
    };
  }, [projectId, ids, signedIn, session.status]);

  const pinsOf = useCallback(
    (id: number): Promise<DocumentPin[]> => documentPins(projectId, id),
    [projectId],
  );
  const alignments = useMemo(
    (): AlignmentStore => ({
      load: (pair) => loadAlignment(projectId, pair),
      save: (pair, a) => saveAlignment(projectId, pair, a),
      forget: (pair) => forgetAlignment(projectId, pair),
    }),
    [projectId],
  );

  if (loaded.status === 'loading')
    return (
      <Center h="50vh">
        <Loader aria-label={t('viewer:loading')} />
      </Center>
    );
  if (loaded.status === 'error')
    return (
      <Stack p="md" maw={720}>
        <Title order={2}>{t('viewer:compareTitle')}</Title>
        <Alert color="red" role="alert" data-testid="viewer-access-error">
          {t(`errors:${loaded.code}`, { defaultValue: t('viewer:errors.document') })}
        </Alert>
      </Stack>
    );
  const documents = loaded.documents.filter((d) => !removed.has(d.id));
  const choices = defaultChoices(documents);
  // A revision named in the list opens first (when the user sees it).
  const wantedOf = (documentId: number | undefined) => {
    const wanted = entries.find((e) => e.documentId === documentId)?.revision?.toLowerCase();
    const doc = documents.find((d) => d.id === documentId);
    return doc?.revisions.find((r) => r.revisionName.toLowerCase() === wanted)?.revisionName ?? null;
  };
  const base = choices.base
    ? { ...choices.base, revision: wantedOf(choices.base.documentId) ?? choices.base.revision }
    : null;
  const compared =
    choices.compared && choices.compared.documentId !== choices.base?.documentId
      ? { ...choices.compared, revision: wantedOf(choices.compared.documentId) ?? choices.compared.revision }
      : choices.compared;
  const page = entries[0]?.page ?? 1;
  return (
    <Stack p="sm" gap="xs" h="100dvh" data-testid="compare-documents">
      <Title order={3}>
        {documents.length > 1
          ? t('viewer:compareOf', { names: documents.map((d) => d.name).join(' · ') })
          : t('viewer:compareTitle')}
      </Title>
      <ManageDocuments projectId={projectId} entries={entries} documents={documents} />
      {documents.length === 0 ? (
        <Alert color="yellow">{t('viewer:noRevisions')}</Alert>
      ) : (
        <DocumentViewer
          key={documents.map((d) => d.id).join(',')}
          documents={documents}
          initial={{ base, compared, page, mode: compared ? 'overlay' : 'single' }}
          pinsOf={pinsOf}
          alignments={alignments}
          onRemoveDocument={(id) => setRemoved((r) => new Set([...r, id]))}
        />
      )}
    </Stack>
  );
}

/** The address of a comparison of these drive documents. */
export function compareDocumentsPath(entries: readonly CompareDriveEntry[]): string {
  const list = entries.map(({ kind: _kind, ...entry }) => entry);
  return `/tools/compare-documents?documents=${encodeURIComponent(encodeCompareDocumentsParam(list))}`;
}

/**
 * Manage the documents of a comparison (spec editor §2.2): remove one (at least one stays) or add another viewable
 * document of the project's drive; the list lives in the address, so the comparison can be shared as it is.
 */
function ManageDocuments(props: {
  projectId: number;
  entries: readonly CompareDriveEntry[];
  documents: readonly ViewerDocument[];
}) {
  const { projectId, entries } = props;
  const { t } = useTranslation('viewer');
  const navigate = useNavigate();
  const [files, setFiles] = useState<DriveFile[]>([]);
  useEffect(() => {
    let live = true;
    const query = { pageSize: 500, sort: 'fileName', order: 'asc' } as const;
    api.get('/project-drive/projects/{projectId}/files', { path: { projectId }, query }).then(
      (answer) => live && setFiles(answer.files),
      () => live && setFiles([]),
    );
    return () => {
      live = false;
    };
  }, [projectId]);
  const listed = new Set(entries.map((e) => e.documentId));
  const options = files
    .filter(
      (f) =>
        !listed.has(f.documentId) && VIEWABLE_EXTENSIONS.has(f.extension.replace(/^\./, '').toLowerCase()),
    )
    .map((f) => ({ value: String(f.documentId), label: f.documentName }));
  const go = (next: CompareDriveEntry[]) => void navigate(compareDocumentsPath(next));
  return (
    <Group gap="xs" data-testid="compare-documents-list">
      {props.documents.map((doc) => (
        <Badge
          key={doc.id}
          variant="light"
          size="lg"
          tt="none"
          rightSection={
            entries.length > 1 ? (
              <CloseButton
                size="xs"
                aria-label={t('manage.remove', { name: doc.name })}
                onClick={() => go(entries.filter((e) => e.documentId !== doc.id))}
              />
            ) : undefined
          }
        >
          {doc.name}
        </Badge>
      ))}
      {options.length > 0 && entries.length < MAX_COMPARED && (
        <Select
          aria-label={t('manage.add')}
          placeholder={t('manage.add')}
          data-testid="compare-add-document"
          data={options}
          searchable
          value={null}
          onChange={(value) =>
            value && go([...entries, { kind: 'drive', projectId, documentId: Number(value) }])
          }
          w={260}
          size="xs"
        />
      )}
    </Group>
  );
}
