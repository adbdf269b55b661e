import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useClient, useQuery } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import { FormError } from '../../components/form-error.tsx';
import {
  AiStatusDocument,
  SmartDocsAnswerDocument,
  SmartDocsSourcesDocument,
  WorkspaceProjectsDocument,
  type SmartDocsAnswerSubscription,
  type SmartDocsSourcesQuery,
} from '../../gql/generated.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { AiDisclaimer } from './ai-chat-page.tsx';
import { AiMessageText } from './ai-message-text.tsx';
import { PromptBox } from './prompt-box.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

export type SmartDocsSource = SmartDocsSourcesQuery['smartDocsSources'][number];

/** A passage as the answer streams it (area: drive, a drive document's revision, or files, a project file's version). */
export type SmartDocsPassageView = NonNullable<
  SmartDocsAnswerSubscription['smartDocsAnswer']['passages']
>[number];

/** The chosen sources: drive revisions and project file versions one by one, and whole drive disciplines. */
export interface SourceChoice {
  fileIds: number[];
  disciplineIds: number[];
}

/**
 * The viewer's address of a passage: the document at its revision and page. The viewer opens a project file the same
 * way (its document id; `revision` is then the version's number).
 */
export function viewerLinkOf(projectId: number, passage: SmartDocsPassageView): string {
  const query = new URLSearchParams({ revision: passage.revisionName, page: String(passage.pageNumber) });
  return `/workspace/project/${projectId}/drive/documents/${passage.documentId}?${query.toString()}`;
}

/**
 * /smart-docs (spec core §2: needs a profile; issue 31 item 4): the AI document chat over the drive documents and
 * project files the user picks among those they see. For users whose AI assistant is on, after the disclaimer; without a model it
 * still finds and shows the passages, and says that answers need a model.
 */
export function SmartDocsPage() {
  // The screen waits for its texts before the first paint (the spinner below reads the common namespace).
  useTranslation('ai');
  const { user } = useSession();
  const [status] = useQuery({ query: AiStatusDocument });
  if (!user) return null;
  if (!user.hasAiAssistant) return <Navigate to="/workspace/home" replace />;
  if (status.error) return <FormError error={status.error} />;
  const s = status.data?.aiStatus;
  if (!s) return <LoadingCenter py="xl" />;
  if (!user.aiDisclaimerAccepted) return <AiDisclaimer />;
  return <SmartDocs configured={s.configured} />;
}

function SmartDocs({ configured }: { configured: boolean }) {
  const { t } = useTranslation('ai');
  const client = useClient();
  const [projects] = useQuery({ query: WorkspaceProjectsDocument });
  const [projectId, setProjectId] = useState<number | null>(null);
  const list = useMemo(() => projects.data?.workspaceProjects ?? [], [projects.data]);
  useEffect(() => {
    if (projectId === null && list[0]) setProjectId(list[0].id);
  }, [list, projectId]);
  const [sources] = useQuery({
    query: SmartDocsSourcesDocument,
    variables: { projectId: projectId ?? 0 },
    pause: projectId === null,
    requestPolicy: 'cache-and-network',
  });
  const [choice, setChoice] = useState<SourceChoice>({ fileIds: [], disciplineIds: [] });
  const [question, setQuestion] = useState('');
  const [passages, setPassages] = useState<SmartDocsPassageView[] | null>(null);
  const [answer, setAnswer] = useState<{ text: string; done: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [noModel, setNoModel] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const ask = () => {
    const text = question.trim();
    setFailure(null);
    if (!text) {
      setFailure('CONTENT_MUST_BE_NON_EMPTY_STRING');
      return;
    }
    if (projectId === null || (choice.fileIds.length === 0 && choice.disciplineIds.length === 0)) {
      setFailure('smartDocs.chooseSources');
      return;
    }
    stop.current?.();
    setPassages(null);
    setNoModel(false);
    setAnswer({ text: '', done: false });
    const subscription = client
      .subscription(SmartDocsAnswerDocument, { input: { projectId, ...choice, question: text } })
      .subscribe((result) => {
        const event = result.data?.smartDocsAnswer;
        if (result.error || event?.kind === 'error') {
          subscription.unsubscribe();
          stop.current = null;
          const code = event?.code ?? toUiError(result.error).code;
          if (code === 'AI_NOT_CONFIGURED') {
            setNoModel(true);
            setAnswer(null);
          } else {
            setFailure(code);
            setAnswer((a) => (a && a.text ? { ...a, done: true } : null));
          }
          return;
        }
        if (!event) return;
        if (event.kind === 'passages') setPassages(event.passages ?? []);
        else if (event.kind === 'token')
          setAnswer((a) => ({ text: (a?.text ?? '') + (event.text ?? ''), done: false }));
        else if (event.kind === 'done') {
          subscription.unsubscribe();
          stop.current = null;
          setAnswer({ text: event.text ?? '', done: true });
        }
      });
    stop.current = () => subscription.unsubscribe();
  };

  const cancel = () => {
    stop.current?.();
    stop.current = null;
    setAnswer((a) => (a ? { ...a, done: true } : null));
  };
  const streaming = answer !== null && !answer.done;

  return (
    <Stack p="md" gap="md" maw={1100}>
      <Title order={2}>{t('smartDocs.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('smartDocs.intro')}
      </Text>
      {!configured && (
        <Alert color="yellow" data-testid="smart-docs-no-model">
          {t('smartDocs.noModel')}
        </Alert>
      )}
      <FormError error={projects.error} />
      <Group align="flex-start" gap="md" wrap="wrap">
        <Stack w={{ base: '100%', sm: 340 }} gap="xs">
          <Select
            label={t('smartDocs.project')}
            data={list.map((p) => ({ value: String(p.id), label: p.name }))}
            value={projectId === null ? null : String(projectId)}
            onChange={(v) => {
              setProjectId(v ? Number(v) : null);
              setChoice({ fileIds: [], disciplineIds: [] });
            }}
            allowDeselect={false}
            data-testid="smart-docs-project"
          />
          <FormError error={sources.error} />
          {sources.fetching && !sources.data && <Loader size="sm" />}
          {sources.data && (
            <SourcePicker sources={sources.data.smartDocsSources} choice={choice} onChange={setChoice} />
          )}
        </Stack>
        <Stack style={{ flex: 1, minWidth: 280 }} gap="sm">
          <PromptBox
            minRows={2}
            maxLength={2000}
            label={t('smartDocs.question')}
            placeholder={t('smartDocs.placeholder')}
            value={question}
            onChange={setQuestion}
            onSend={ask}
            testId="smart-docs-question"
            streaming={streaming}
            onStop={cancel}
            send={{ label: t('smartDocs.ask'), icon: <IconSearch size={16} />, testId: 'smart-docs-ask' }}
          />
          {failure && (
            <Alert
              color="red"
              data-testid="smart-docs-error"
              withCloseButton
              onClose={() => setFailure(null)}
            >
              {failure.startsWith('smartDocs.')
                ? t(failure)
                : t(`errors:${failure}`, { defaultValue: t('errors:AI_TROUBLE_RESPONDING') })}
            </Alert>
          )}
          {answer && (
            <Paper withBorder p="sm" data-testid="smart-docs-answer" aria-live="polite">
              {answer.text ? <AiMessageText text={answer.text} /> : <Loader size="xs" type="dots" />}
            </Paper>
          )}
          {noModel && (
            <Alert color="blue" data-testid="smart-docs-needs-model">
              {t('smartDocs.needsModel')}
            </Alert>
          )}
          {passages && projectId !== null && <PassageList projectId={projectId} passages={passages} />}
        </Stack>
      </Group>
    </Stack>
  );
}

/**
 * The sources: the drive documents grouped by discipline (a discipline's box chooses all its documents, those
 * indexed later too; a document's box that document), then the project files (one box chooses every readable one
 * listed, each file's box that file). Sources Smart Docs cannot read say so and cannot be chosen.
 */
export function SourcePicker({
  sources,
  choice,
  onChange,
}: {
  sources: readonly SmartDocsSource[];
  choice: SourceChoice;
  onChange: (choice: SourceChoice) => void;
}) {
  const { t } = useTranslation('ai');
  const drive = useMemo(() => sources.filter((s) => s.area !== 'files'), [sources]);
  const files = useMemo(() => sources.filter((s) => s.area === 'files'), [sources]);
  const groups = useMemo(() => {
    const byDiscipline = new Map<number | null, { name: string; items: SmartDocsSource[] }>();
    for (const source of drive) {
      const group = byDiscipline.get(source.disciplineId) ?? {
        name: source.disciplineName ?? t('smartDocs.noDiscipline'),
        items: [],
      };
      group.items.push(source);
      byDiscipline.set(source.disciplineId, group);
    }
    return [...byDiscipline.entries()];
  }, [drive, t]);
  if (sources.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="smart-docs-no-sources">
        {t('smartDocs.noSources')}
      </Text>
    );
  const toggle = (list: number[], id: number, on: boolean) =>
    on ? [...new Set([...list, id])] : list.filter((x) => x !== id);
  const statuses = [
    ...new Set(
      drive.flatMap((s) => (s.state === 'indexed' && typeof s.status === 'string' ? [s.status] : [])),
    ),
  ];
  const readableFiles = files.filter((s) => s.state === 'indexed').map((s) => s.fileId);
  const allFiles = readableFiles.length > 0 && readableFiles.every((id) => choice.fileIds.includes(id));
  return (
    <Stack gap="xs" data-testid="smart-docs-sources">
      <Text size="sm" fw={500}>
        {t('smartDocs.sources')}
      </Text>
      {statuses.length > 0 && (
        <Group gap={4} data-testid="smart-docs-by-status">
          <Text size="xs" c="dimmed">
            {t('smartDocs.byStatus')}
          </Text>
          {statuses.map((status) => (
            <Button
              key={status}
              size="compact-xs"
              variant="light"
              onClick={() =>
                onChange({
                  ...choice,
                  fileIds: [
                    ...new Set([
                      ...choice.fileIds,
                      ...sources
                        .filter((s) => s.area !== 'files' && s.state === 'indexed' && s.status === status)
                        .map((s) => s.fileId),
                    ]),
                  ],
                })
              }
            >
              {t(`enums:documentStatuses.${status}`, { defaultValue: status })}
            </Button>
          ))}
        </Group>
      )}
      {groups.map(([disciplineId, group]) => {
        const whole = disciplineId !== null && choice.disciplineIds.includes(disciplineId);
        return (
          <Card key={disciplineId ?? 'none'} withBorder p="xs">
            {disciplineId !== null ? (
              <Checkbox
                label={group.name}
                fw={500}
                checked={whole}
                onChange={(e) =>
                  onChange({
                    ...choice,
                    disciplineIds: toggle(choice.disciplineIds, disciplineId, e.currentTarget.checked),
                  })
                }
              />
            ) : (
              <Text size="sm" fw={500}>
                {group.name}
              </Text>
            )}
            <Stack gap={4} mt={6} pl="md">
              {group.items.map((source) => (
                <SourceRow
                  key={source.fileId}
                  source={source}
                  label={`${source.documentName} (${source.revisionName})`}
                  whole={whole}
                  checked={choice.fileIds.includes(source.fileId)}
                  onCheck={(on) =>
                    onChange({ ...choice, fileIds: toggle(choice.fileIds, source.fileId, on) })
                  }
                />
              ))}
            </Stack>
          </Card>
        );
      })}
      {files.length > 0 && (
        <Card withBorder p="xs" data-testid="smart-docs-project-files">
          <Text size="sm" fw={500}>
            {t('smartDocs.projectFiles')}
          </Text>
          <Checkbox
            mt={6}
            size="xs"
            label={t('smartDocs.allProjectFiles')}
            disabled={readableFiles.length === 0}
            checked={allFiles}
            onChange={(e) =>
              onChange({
                ...choice,
                fileIds: e.currentTarget.checked
                  ? [...new Set([...choice.fileIds, ...readableFiles])]
                  : choice.fileIds.filter((id) => !readableFiles.includes(id)),
              })
            }
          />
          <Stack gap={4} mt={6} pl="md">
            {files.map((source) => (
              <SourceRow
                key={source.fileId}
                source={source}
                label={t('smartDocs.fileVersion', {
                  name: source.documentName,
                  version: source.revisionName,
                })}
                whole={false}
                checked={choice.fileIds.includes(source.fileId)}
                onCheck={(on) => onChange({ ...choice, fileIds: toggle(choice.fileIds, source.fileId, on) })}
              />
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** One source's box, with 'Unable to process your document.' or "Being indexed" beside it when it cannot be chosen. */
function SourceRow({
  source,
  label,
  whole,
  checked,
  onCheck,
}: {
  source: SmartDocsSource;
  label: string;
  /** Chosen through its whole discipline. */
  whole: boolean;
  checked: boolean;
  onCheck: (on: boolean) => void;
}) {
  const { t } = useTranslation('ai');
  return (
    <Group gap={6} wrap="nowrap">
      <Checkbox
        size="xs"
        label={label}
        disabled={source.state !== 'indexed' || whole}
        checked={whole ? source.state === 'indexed' : checked}
        onChange={(e) => onCheck(e.currentTarget.checked)}
      />
      {source.state === 'unable' && (
        <Text size="xs" c="red" data-testid="smart-docs-unable">
          {t('errors:UNABLE_TO_PROCESS_DOCUMENT')}
        </Text>
      )}
      {source.state === 'pending' && (
        <Badge size="xs" variant="light" color="gray">
          {t('smartDocs.pending')}
        </Badge>
      )}
    </Group>
  );
}

/** The passages found, numbered as the answer cites them, each naming its document, revision and page. */
export function PassageList({
  projectId,
  passages,
}: {
  projectId: number;
  passages: readonly SmartDocsPassageView[];
}) {
  const { t } = useTranslation('ai');
  if (passages.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="smart-docs-nothing">
        {t('smartDocs.nothingFound')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="smart-docs-passages">
      <Text size="sm" fw={500}>
        {t('smartDocs.passages')}
      </Text>
      {passages.map((p, i) => (
        <Card key={`${p.fileId}-${p.pageNumber}-${i}`} withBorder p="sm" data-testid="smart-docs-passage">
          <Group gap="xs" mb={4}>
            <Badge variant="light">{i + 1}</Badge>
            <Anchor component={Link} to={viewerLinkOf(projectId, p)} size="sm" fw={500}>
              {t(p.area === 'files' ? 'smartDocs.citeFile' : 'smartDocs.cite', {
                document: p.documentName,
                revision: p.revisionName,
                page: p.pageNumber,
              })}
            </Anchor>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {p.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
