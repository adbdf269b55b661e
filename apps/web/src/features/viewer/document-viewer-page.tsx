import { Alert, Anchor, Breadcrumbs, Center, Loader, Stack, Text } from '@mantine/core';
import type { DocumentPin, ShownPin, SheetReference } from '@obra/domain';
import { Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useClient } from 'urql';
import { IssuesListPageDocument } from '../../gql/generated.ts';
import { SessionContext } from '../../app/guards/session-context.ts';
import { OfflineDrawingToggle } from '../offline/offline-drawing-toggle.tsx';
import { showErrorToast } from '../../lib/error-toast.ts';
import type { IssueFormValues } from '../issues/edit/issue-form-model.ts';
import { issueViewPath } from '../issues/shared/issue-list-context.ts';
import { useProject } from '../projects/project-context.ts';
import {
  DocumentViewer,
  type AlignmentStore,
  type MarkupStore,
  type PinPlacement,
  type SheetChoice,
} from './document-viewer.tsx';
import { sheetIssueDraft } from './sheet-issue.ts';
import { SheetIssueDialog } from './sheet-issue-dialog.tsx';
import { useOpenedDocument } from './use-opened-document.ts';
import {
  createMarkup,
  deleteMarkup,
  documentMarkups,
  documentPins,
  forgetAlignment,
  loadAlignment,
  saveAlignment,
  updateMarkup,
} from './viewer-api.ts';

/** The most issues offered to share a markup with at once (the search narrows them). */
const SHARE_ISSUES_SHOWN = 20;

/**
 * /workspace/project/{projectId}/drive/documents/{documentId}?revision=&page=&compare= — one drive document in the
 * viewer (issue 15; the route is Obra's, docs/viewer.md). A user who may not read it gets the access error.
 */
export function DocumentViewerPage() {
  const { t, i18n } = useTranslation(['viewer', 'errors']);
  const { project } = useProject();
  const userId = useContext(SessionContext)?.user?.id;
  const navigate = useNavigate();
  const params = useParams();
  const documentId = Number(params['documentId']);
  const [search, setSearch] = useSearchParams();
  const loaded = useOpenedDocument(project.id, documentId, userId);
  const [pinsVersion, setPinsVersion] = useState(0);
  const [draft, setDraft] = useState<{
    initial: IssueFormValues;
    reference: SheetReference;
    imageUrl: string;
  } | null>(null);

  const pinsOf = useCallback(
    (id: number): Promise<DocumentPin[]> => {
      void pinsVersion;
      return documentPins(project.id, id);
    },
    [project.id, pinsVersion],
  );
  const alignments = useMemo(
    (): AlignmentStore => ({
      load: (pair) => loadAlignment(project.id, pair),
      save: (pair, a) => saveAlignment(project.id, pair, a),
      forget: (pair) => forgetAlignment(project.id, pair),
    }),
    [project.id],
  );
  const client = useClient();
  const markups = useMemo(
    (): MarkupStore => ({
      list: (id) => documentMarkups(project.id, id),
      create: (id, sheet, save) => createMarkup(project.id, id, sheet, save),
      update: (id, markupId, save) => updateMarkup(project.id, id, markupId, save),
      remove: (id, markupId) => deleteMarkup(project.id, id, markupId),
      // The issue list's own query and search, so only issues the user sees are offered.
      searchIssues: async (text) => {
        const answer = await client
          .query(IssuesListPageDocument, {
            projectId: project.id,
            first: SHARE_ISSUES_SHOWN,
            filter: text ? { search: text } : {},
          })
          .toPromise();
        if (answer.error) throw answer.error;
        return (answer.data?.getIssues.issues ?? []).map((i) => ({ id: i.id, code: i.code, title: i.title }));
      },
    }),
    [client, project.id],
  );
  const onNavigate = useCallback(
    ({ base, page }: { base: SheetChoice; page: number }) => {
      const next = new URLSearchParams(search);
      next.set('revision', base.revision);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      if (next.toString() !== search.toString()) setSearch(next, { replace: true });
    },
    [search, setSearch],
  );
  const onPinClick = useCallback(
    (pin: ShownPin) => void navigate(issueViewPath(project.id, pin.issueId)),
    [navigate, project.id],
  );
  const defaultStatus = project.disciplinesStatus.find((s) => s.active && s.name === 'todo')?.name ?? 'todo';
  const onPlacePin = useCallback(
    (placement: PinPlacement) => {
      sheetIssueDraft(placement, defaultStatus).then(setDraft, (error: unknown) => showErrorToast(t, error));
    },
    [defaultStatus, t],
  );

  const fromFiles =
    (loaded.status === 'ready' || loaded.status === 'offline') && loaded.document.area === 'files';
  const header = (
    <Breadcrumbs>
      {/* A project file (opened from a Smart Docs citation) leads back to the project's files, else the drive. */}
      <Anchor
        component={Link}
        to={`/workspace/project/${project.id}/${fromFiles ? 'files' : 'drive'}`}
        size="sm"
        data-testid="viewer-back"
      >
        {fromFiles ? t('viewer:backToFiles') : t('viewer:backToDrive')}
      </Anchor>
      {(loaded.status === 'ready' || loaded.status === 'offline') && (
        <Text size="sm" fw={500} data-testid="viewer-document-name">
          {loaded.document.name}
        </Text>
      )}
    </Breadcrumbs>
  );
  const headerRow =
    loaded.status === 'ready' && userId !== undefined ? (
      // The toggle sits over the header's right end: the header keeps its height, so the sheet keeps its size.
      <div style={{ position: 'relative' }}>
        {header}
        <div style={{ position: 'absolute', right: 0, top: '50%', transform: 'translateY(-50%)' }}>
          <OfflineDrawingToggle
            userId={userId}
            project={{ id: project.id, name: project.name }}
            document={loaded.document}
          />
        </div>
      </div>
    ) : (
      header
    );

  if (loaded.status === 'loading')
    return (
      <Center h="50vh">
        <Loader aria-label={t('viewer:loading')} />
      </Center>
    );
  // The header above one message: the document cannot be shown.
  const notice = (alert: ReactNode) => (
    <Stack p="md" maw={720}>
      {header}
      {alert}
    </Stack>
  );
  if (loaded.status === 'not-kept')
    return notice(
      <Alert color="yellow" role="status" data-testid="viewer-not-kept">
        {t('viewer:offline.notKept')}
      </Alert>,
    );
  if (loaded.status === 'offline')
    return (
      <Stack p="sm" gap="xs" h="calc(100dvh - 64px)" style={{ minHeight: 420 }}>
        {header}
        <Alert color="gray" py={6} data-testid="viewer-offline-copy">
          {t('viewer:offline.copy', {
            revision: loaded.revision,
            time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
              new Date(loaded.syncedAt),
            ),
          })}
        </Alert>
        <DocumentViewer
          key={loaded.document.id}
          documents={[loaded.document]}
          initial={{
            base: { documentId: loaded.document.id, revision: loaded.revision },
            compared: null,
            page: Math.max(1, Number(search.get('page')) || 1),
          }}
          onNavigate={onNavigate}
          canMarkup={false}
        />
      </Stack>
    );
  if (loaded.status === 'error')
    return notice(
      <Alert color="red" role="alert" data-testid="viewer-access-error">
        {t(`errors:${loaded.code}`, { defaultValue: t('viewer:errors.document') })}
      </Alert>,
    );

  const { document } = loaded;
  if (document.revisions.length === 0)
    return (
      <Stack p="md">
        {header}
        <Alert color="yellow" data-testid="viewer-no-revisions">
          {t('viewer:noRevisions')}
        </Alert>
      </Stack>
    );
  const requested = search.get('revision');
  const revision =
    document.revisions.find((r) => r.revisionName.toLowerCase() === requested?.toLowerCase())?.revisionName ??
    document.revisions[0]?.revisionName ??
    '';
  const compareWith = search.get('compare');
  const comparedRevision = document.revisions.find(
    (r) => r.revisionName.toLowerCase() === compareWith?.toLowerCase(),
  );
  const page = Math.max(1, Number(search.get('page')) || 1);

  return (
    <Stack p="sm" gap="xs" h="calc(100dvh - 64px)" style={{ minHeight: 420 }}>
      {headerRow}
      <DocumentViewer
        key={document.id}
        documents={[document]}
        initial={{
          base: { documentId: document.id, revision },
          compared: comparedRevision
            ? { documentId: document.id, revision: comparedRevision.revisionName }
            : null,
          page,
          ...(comparedRevision ? { mode: 'overlay' as const } : {}),
        }}
        pinsOf={pinsOf}
        onPinClick={onPinClick}
        {...(project.status === 1 ? { onPlacePin } : {})}
        onNavigate={onNavigate}
        alignments={alignments}
        markups={markups}
        canMarkup={project.status === 1}
      />
      {draft && (
        <Suspense fallback={null}>
          <SheetIssueDialog
            draft={draft}
            onClose={() => {
              URL.revokeObjectURL(draft.imageUrl);
              setDraft(null);
            }}
            onSaved={() => {
              setDraft(null);
              setPinsVersion((v) => v + 1);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
