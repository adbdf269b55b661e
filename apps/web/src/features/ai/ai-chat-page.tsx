import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import { FormError } from '../../components/form-error.tsx';
import {
  AcceptAiDisclaimerDocument,
  AiAnswerDocument,
  AiConversationMessagesDocument,
  AiConversationsDocument,
  AiStatusDocument,
  DeleteAiConversationDocument,
  RenameAiConversationDocument,
  SendAiMessageDocument,
  type AiConversationFieldsFragment,
} from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { AiMessageText } from './ai-message-text.tsx';
import { PromptBox } from './prompt-box.tsx';
import { DraftCard, type Draft } from './ai-draft-cards.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

type Persona = 'caio' | 'ana';

const PERSONAS: Record<Persona, { name: string; color: string; path: string }> = {
  caio: { name: 'Caio', color: 'blue', path: '/caio' },
  ana: { name: 'Ana', color: 'grape', path: '/ana' },
};

/** /ai/chat: the assistant's default persona. */
export function AiChatRedirect() {
  return <Navigate to="/caio" replace />;
}

/** /caio: the assistant as Caio. */
export function CaioChatPage() {
  return <AiChatPage persona="caio" />;
}

/** /ana: the assistant as Ana (same powers, her own voice). */
export function AnaChatPage() {
  return <AiChatPage persona="ana" />;
}

/**
 * The assistant's guard and page: users whose assistant is on (hasAiAssistant, set by their company admin), with a
 * model configured, after accepting the disclaimer once. Without a model, admins are told how to configure one and
 * others are sent home; users without the assistant are sent home.
 */
function AiChatPage({ persona }: { persona: Persona }) {
  const { t } = useTranslation('ai');
  const { user } = useSession();
  const [status] = useQuery({ query: AiStatusDocument });
  if (!user) return null;
  if (status.error) return <FormError error={status.error} />;
  const s = status.data?.aiStatus;
  if (!s) return <LoadingCenter py="xl" />;
  if (!s.configured)
    return s.canManage ? (
      <Alert color="yellow" title={t('notConfigured.title')} data-testid="ai-not-configured" m="md">
        {t('notConfigured.text')}
      </Alert>
    ) : (
      <Navigate to="/workspace/home" replace />
    );
  if (!user.hasAiAssistant) return <Navigate to="/workspace/home" replace />;
  if (!user.aiDisclaimerAccepted) return <AiDisclaimer />;
  return <AiChat persona={persona} />;
}

/** The AI disclaimer, shown once (its acceptance is recorded on the user); Smart Docs shows the same. */
export function AiDisclaimer() {
  const { t } = useTranslation('ai');
  const { setUser } = useSession();
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      const result = await client.mutation(AcceptAiDisclaimerDocument, {}).toPromise();
      if (result.error) throw result.error;
      if (result.data) setUser(result.data.acceptAiDisclaimer);
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Center p="md">
      <Card withBorder maw={560} data-testid="ai-disclaimer">
        <Stack>
          <Title order={3}>{t('disclaimer.title')}</Title>
          <Text size="sm">{t('disclaimer.text')}</Text>
          <Text size="sm">{t('disclaimer.data')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => void accept()} loading={busy} data-testid="ai-disclaimer-accept">
              {t('disclaimer.accept')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}

interface Shown {
  key: string;
  role: string;
  content: string;
}

function AiChat({ persona }: { persona: Persona }) {
  const { t } = useTranslation('ai');
  const client = useClient();
  const [params, setParams] = useSearchParams();
  const conversationId = Number(params.get('c')) || null;
  const [list, reloadList] = useQuery({ query: AiConversationsDocument });
  const [history, reloadHistory] = useQuery({
    query: AiConversationMessagesDocument,
    variables: { conversationId: conversationId ?? 0 },
    pause: conversationId === null,
  });
  const [text, setText] = useState('');
  const [local, setLocal] = useState<Shown[]>([]);
  const [streaming, setStreaming] = useState<{ text: string; tool: string | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const stop = useRef<(() => void) | null>(null);
  const me = PERSONAS[persona];

  useEffect(() => () => stop.current?.(), []);

  const open = (id: number | null) => {
    stop.current?.();
    stop.current = null;
    setStreaming(null);
    setLocal([]);
    setFailure(null);
    setDrafts([]);
    setParams(id ? { c: String(id) } : {});
  };

  const send = async () => {
    const question = text.trim();
    setFailure(null);
    if (!question) {
      setFailure('CONTENT_MUST_BE_NON_EMPTY_STRING');
      return;
    }
    const sent = await client
      .mutation(SendAiMessageDocument, { conversationId, persona, text: question })
      .toPromise();
    if (sent.error || !sent.data) {
      setFailure(toUiError(sent.error).code);
      return;
    }
    const { conversation, message } = sent.data.sendAiMessage;
    setText('');
    setLocal((l) => [...l, { key: `q${message.id}`, role: 'user', content: question }]);
    if (conversation.id !== conversationId) setParams({ c: String(conversation.id) });
    setStreaming({ text: '', tool: null });
    const subscription = client
      .subscription(AiAnswerDocument, { messageId: message.id })
      .subscribe((result) => {
        const event = result.data?.aiAnswer;
        if (result.error || event?.kind === 'error') {
          subscription.unsubscribe();
          stop.current = null;
          setStreaming(null);
          setFailure(event?.code ?? toUiError(result.error).code);
          // Nothing typed is lost: the question goes back to the composer to try again.
          setText((current) => current || question);
          return;
        }
        if (!event) return;
        if (event.kind === 'token')
          setStreaming((s) => ({ text: (s?.text ?? '') + (event.text ?? ''), tool: null }));
        else if (event.kind === 'tool')
          setStreaming((s) => ({ text: s?.text ?? '', tool: event.text ?? null }));
        else if (event.kind === 'draft' && event.draft) {
          const draft = event.draft;
          setDrafts((d) => [
            ...d,
            { kind: 'comment', ...draft, key: `${message.id}-${d.length}`, conversationId: conversation.id },
          ]);
        } else if (event.kind === 'issueDraft' && event.issueDraft) {
          const issue = event.issueDraft;
          setDrafts((d) => [
            ...d,
            { kind: 'issue', issue, key: `${message.id}-${d.length}`, conversationId: conversation.id },
          ]);
        } else if (event.kind === 'bulkDraft' && event.bulkDraft) {
          const bulk = event.bulkDraft;
          setDrafts((d) => [
            ...d,
            { kind: 'bulk', bulk, key: `${message.id}-${d.length}`, conversationId: conversation.id },
          ]);
        } else if (event.kind === 'done') {
          subscription.unsubscribe();
          stop.current = null;
          setLocal([]);
          setStreaming(null);
          reloadHistory({ requestPolicy: 'network-only' });
          reloadList({ requestPolicy: 'network-only' });
        }
      });
    stop.current = () => subscription.unsubscribe();
  };

  const cancel = () => {
    stop.current?.();
    stop.current = null;
    const partial = streaming?.text ?? '';
    if (partial) setLocal((l) => [...l, { key: `p${l.length}`, role: 'assistant', content: partial }]);
    setStreaming(null);
  };

  const shown: Shown[] = [
    ...(history.data?.aiConversationMessages ?? []).map((m) => ({
      key: String(m.id),
      role: m.role,
      content: m.content,
    })),
    ...local,
  ];
  const conversations = list.data?.aiConversations ?? [];

  return (
    <Group align="stretch" gap="md" p="md" wrap="wrap" style={{ minHeight: 'calc(100dvh - 120px)' }}>
      <Stack w={{ base: '100%', sm: 260 }} gap="xs">
        <Button
          leftSection={<IconPlus size={16} />}
          variant="light"
          onClick={() => open(null)}
          data-testid="ai-new-chat"
        >
          {t('newChat')}
        </Button>
        <FormError error={list.error} />
        {list.data && conversations.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('noConversations')}
          </Text>
        )}
        {conversations.map((c) => (
          <ConversationRow
            key={c.id}
            conversation={c}
            active={c.id === conversationId}
            onOpen={() => open(c.id)}
            onDeleted={() => {
              if (c.id === conversationId) open(null);
              reloadList({ requestPolicy: 'network-only' });
            }}
          />
        ))}
      </Stack>
      <Stack style={{ flex: 1, minWidth: 280 }} gap="sm">
        <Group gap="sm">
          <Avatar color={me.color} radius="xl" name={me.name} data-testid="ai-persona-avatar" />
          <Title order={3}>{me.name}</Title>
          <Text size="sm" c="dimmed">
            {t(`persona.${persona}`)}
          </Text>
          <Button
            component={Link}
            to={persona === 'caio' ? PERSONAS.ana.path : PERSONAS.caio.path}
            variant="subtle"
            size="xs"
            ml="auto"
          >
            {t('talkTo', { name: persona === 'caio' ? PERSONAS.ana.name : PERSONAS.caio.name })}
          </Button>
        </Group>
        <ScrollArea style={{ flex: 1 }} mih={240}>
          <Stack gap="sm" data-testid="ai-messages" aria-live="polite">
            {shown.length === 0 && !streaming && (
              <Text size="sm" c="dimmed" data-testid="ai-empty">
                {t('empty', { name: me.name })}
              </Text>
            )}
            {shown.map((m) => (
              <Bubble key={m.key} role={m.role} content={m.content} />
            ))}
            {drafts.map((d) => (
              <DraftCard
                key={d.key}
                draft={d}
                onDone={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
              />
            ))}
            {streaming && (
              <Paper withBorder p="sm" data-testid="ai-streaming">
                {streaming.tool && (
                  <Text size="xs" c="dimmed">
                    {t('usingTool', { tool: t(`tools.${streaming.tool}`, { defaultValue: streaming.tool }) })}
                  </Text>
                )}
                {streaming.text ? <AiMessageText text={streaming.text} /> : <Loader size="xs" type="dots" />}
              </Paper>
            )}
          </Stack>
        </ScrollArea>
        {failure && (
          <Alert color="red" data-testid="ai-error" withCloseButton onClose={() => setFailure(null)}>
            {t(`errors:${failure}`, { defaultValue: t('errors:AI_TROUBLE_RESPONDING') })}
            {failure === 'CHAT_TOO_LONG' && (
              <Button size="xs" variant="subtle" ml="sm" onClick={() => open(null)}>
                {t('newChat')}
              </Button>
            )}
          </Alert>
        )}
        <PromptBox
          minRows={1}
          maxLength={8000}
          value={text}
          onChange={setText}
          placeholder={t('placeholder', { name: me.name })}
          ariaLabel={t('placeholder', { name: me.name })}
          onSend={() => void send()}
          testId="ai-input"
          streaming={streaming !== null}
          onStop={cancel}
          stopTestId="ai-stop"
          send={{ label: t('send'), icon: <IconSend size={16} />, testId: 'ai-send' }}
        />
      </Stack>
    </Group>
  );
}

function Bubble({ role, content }: { role: string; content: string }) {
  const mine = role === 'user';
  return (
    <Paper
      p="sm"
      withBorder={!mine}
      bg={mine ? 'var(--mantine-color-blue-light)' : undefined}
      ml={mine ? 'xl' : 0}
      mr={mine ? 0 : 'xl'}
      data-testid={mine ? 'ai-question' : 'ai-answer'}
    >
      <AiMessageText text={content} />
    </Paper>
  );
}

function ConversationRow({
  conversation,
  active,
  onOpen,
  onDeleted,
}: {
  conversation: AiConversationFieldsFragment;
  active: boolean;
  onOpen: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('ai');
  const client = useClient();
  const [editing, setEditing] = useState<string | null>(null);
  const rename = async () => {
    if (editing === null) return;
    const result = await client
      .mutation(RenameAiConversationDocument, { conversationId: conversation.id, title: editing })
      .toPromise();
    if (result.error) showErrorToast(t, result.error);
    else setEditing(null);
  };
  const remove = async () => {
    if (!window.confirm(t('deleteConfirm', { title: conversation.title }))) return;
    const result = await client
      .mutation(DeleteAiConversationDocument, { conversationId: conversation.id })
      .toPromise();
    if (result.error) showErrorToast(t, result.error);
    else onDeleted();
  };
  if (editing !== null)
    return (
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          value={editing}
          aria-label={t('rename')}
          onChange={(e) => setEditing(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void rename();
            if (e.key === 'Escape') setEditing(null);
          }}
          autoFocus
        />
        <ActionIcon variant="subtle" aria-label={t('rename')} onClick={() => void rename()}>
          <IconCheck size={16} />
        </ActionIcon>
      </Group>
    );
  return (
    <Group gap={4} wrap="nowrap" data-testid="ai-conversation">
      <Button
        variant={active ? 'light' : 'subtle'}
        size="xs"
        justify="flex-start"
        style={{ flex: 1, minWidth: 0 }}
        onClick={onOpen}
        title={conversation.title}
      >
        <Text size="xs" truncate>
          {conversation.title}
        </Text>
      </Button>
      <Tooltip label={t('rename')}>
        <ActionIcon variant="subtle" aria-label={t('rename')} onClick={() => setEditing(conversation.title)}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('delete')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => void remove()}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
