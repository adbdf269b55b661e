import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Kbd,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { SendSupportMessageDocument, SupportInfoDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { TOOL_KEYS } from '../../editor/tools/keyboard-shortcuts.ts';
import { loadManual, releases, searchManual, WEB_VERSION, type ManualPage } from './support-content.ts';
import { readReadiness } from '../../lib/api/readiness.ts';

/** The app's keyboard shortcuts, by where they work (the handlers are in the files named in docs/workspace.md). */
const SHORTCUTS: { area: string; keys: string[][]; action: string }[] = [
  { area: 'issues', keys: [['j'], ['↓']], action: 'next' },
  { area: 'issues', keys: [['k'], ['↑']], action: 'previous' },
  { area: 'issues', keys: [['Enter']], action: 'open' },
  { area: 'issues', keys: [['x']], action: 'select' },
  { area: 'issues', keys: [['/']], action: 'search' },
  { area: 'comments', keys: [['Ctrl', 'Enter']], action: 'send' },
  { area: 'drive', keys: [['↑'], ['↓'], ['Home'], ['End']], action: 'move' },
  { area: 'drive', keys: [['Esc']], action: 'clear' },
  { area: 'viewer', keys: [['PageUp'], ['PageDown']], action: 'page' },
  { area: 'editor', keys: Object.keys(TOOL_KEYS).map((k) => [k.toUpperCase()]), action: 'tools' },
  { area: 'editor', keys: [['Ctrl', 'Z']], action: 'undo' },
  {
    area: 'editor',
    keys: [
      ['Ctrl', 'Y'],
      ['Ctrl', 'Shift', 'Z'],
    ],
    action: 'redo',
  },
  { area: 'editor', keys: [['Delete']], action: 'delete' },
  { area: 'editor', keys: [['Esc']], action: 'escape' },
];

/** /workspace/support: the manual, keyboard shortcuts, what's new, system status and version, and the contact form. */
export function SupportPage() {
  const { t } = useTranslation('workspace');
  const [info] = useQuery({ query: SupportInfoDocument });
  const contact = info.data?.supportInfo.contactAvailable ?? false;
  return (
    <Stack gap="lg" maw={1000} mx="auto" data-testid="support-page">
      <Title order={1} size="h2">
        {t('support.title')}
      </Title>
      <Tabs defaultValue="manual" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="manual">{t('support.tabs.manual')}</Tabs.Tab>
          <Tabs.Tab value="shortcuts">{t('support.tabs.shortcuts')}</Tabs.Tab>
          <Tabs.Tab value="whatsNew">{t('support.tabs.whatsNew')}</Tabs.Tab>
          <Tabs.Tab value="status">{t('support.tabs.status')}</Tabs.Tab>
          {contact && <Tabs.Tab value="contact">{t('support.tabs.contact')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="manual" pt="md">
          <Manual />
        </Tabs.Panel>
        <Tabs.Panel value="shortcuts" pt="md">
          <Shortcuts />
        </Tabs.Panel>
        <Tabs.Panel value="whatsNew" pt="md">
          <WhatsNew />
        </Tabs.Panel>
        <Tabs.Panel value="status" pt="md">
          <Status apiVersion={info.data?.supportInfo.apiVersion ?? null} />
        </Tabs.Panel>
        {contact && (
          <Tabs.Panel value="contact" pt="md">
            <ContactForm />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function Manual() {
  const { t } = useTranslation('workspace');
  const [pages, setPages] = useState<ManualPage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    loadManual().then(setPages, () => setFailed(true));
  }, []);
  const found = useMemo(() => (pages ? searchManual(pages, query) : []), [pages, query]);
  const shown = pages?.find((p) => p.id === open);
  if (failed) return <Alert color="red">{t('support.manualFailed')}</Alert>;
  if (!pages) return <Loader aria-label={t('common:loading')} />;
  if (shown)
    return (
      <Stack gap="sm" data-testid="manual-page">
        <Group>
          <Button variant="subtle" onClick={() => setOpen(null)}>
            {t('support.backToManual')}
          </Button>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }} size="sm">
          {shown.text}
        </Text>
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('support.manualIntro')}
      </Text>
      <TextInput
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder={t('support.searchManual')}
        aria-label={t('support.searchManual')}
        leftSection={<IconSearch size={16} />}
        data-testid="manual-search"
      />
      {found.length === 0 && <Text c="dimmed">{t('support.noManualMatch')}</Text>}
      <Stack gap="xs" data-testid="manual-results">
        {found.map(({ page, hits }) => (
          <UnstyledButton key={page.id} onClick={() => setOpen(page.id)} data-testid="manual-result">
            <Card withBorder padding="sm" radius="md">
              <Group justify="space-between">
                <Text fw={600}>{page.title}</Text>
                {query.trim() && <Badge variant="light">{t('support.matches', { count: hits })}</Badge>}
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </Stack>
    </Stack>
  );
}

function Shortcuts() {
  const { t } = useTranslation('workspace');
  return (
    <Table striped withTableBorder data-testid="shortcuts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('support.shortcuts.where')}</Table.Th>
          <Table.Th>{t('support.shortcuts.keys')}</Table.Th>
          <Table.Th>{t('support.shortcuts.does')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SHORTCUTS.map((s) => (
          <Table.Tr key={`${s.area}-${s.action}`}>
            <Table.Td>{t(`support.shortcuts.areas.${s.area}`)}</Table.Td>
            <Table.Td>
              <Group gap={6}>
                {s.keys.map((combo) => (
                  <span key={combo.join('+')}>
                    {combo.map((k, i) => (
                      <span key={k}>
                        {i > 0 && ' + '}
                        <Kbd>{k}</Kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{t(`support.shortcuts.actions.${s.area}.${s.action}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function WhatsNew() {
  const { t, i18n } = useTranslation('workspace');
  const list = useMemo(() => releases(), []);
  return (
    <Stack gap="md" data-testid="whats-new">
      {list.length === 0 && <Text c="dimmed">{t('support.noReleases')}</Text>}
      {list.map((release) => (
        <Stack key={release.date} gap={4}>
          <Title order={2} size="h5">
            {/^\d{4}-\d{2}-\d{2}$/.test(release.date)
              ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
                  new Date(`${release.date}T00:00:00Z`),
                )
              : release.date}
          </Title>
          <Stack component="ul" gap={2} pl="md" m={0}>
            {release.changes.map((change, i) => (
              <Text component="li" size="sm" key={i}>
                {change}
              </Text>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

interface Readiness {
  ok: boolean;
  database: string | null;
  at: Date;
}

function Status({ apiVersion }: { apiVersion: string | null }) {
  const { t, i18n } = useTranslation('workspace');
  const [ready, setReady] = useState<Readiness | null>(null);
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    const { ok, database } = await readReadiness();
    setReady({ ok, database, at: new Date() });
    setChecking(false);
  };
  useEffect(() => {
    void check();
  }, []);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" data-testid="system-status">
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={600}>{t('support.status.service')}</Text>
            {ready ? (
              <Badge color={ready.ok ? 'green' : 'red'} data-testid="system-status-badge">
                {ready.ok ? t('support.status.ok') : t('support.status.down')}
              </Badge>
            ) : (
              <Loader size="xs" aria-label={t('common:loading')} />
            )}
          </Group>
          {ready && (
            <Text size="sm" c="dimmed">
              {t('support.status.checkedAt', {
                time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(ready.at),
              })}
            </Text>
          )}
          <Group>
            <Button variant="light" onClick={() => void check()} loading={checking}>
              {t('support.status.checkAgain')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md" data-testid="version">
        <Text fw={600}>{t('support.version.title')}</Text>
        <Text size="sm">
          {t('support.version.web')} <Code>{WEB_VERSION}</Code>
        </Text>
        {apiVersion && (
          <Text size="sm">
            {t('support.version.api')} <Code>{apiVersion}</Code>
          </Text>
        )}
      </Card>
    </Stack>
  );
}

function ContactForm() {
  const { t } = useTranslation('workspace');
  const client = useClient();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const diagnostics = () =>
    [
      `url: ${window.location.href}`,
      `agent: ${navigator.userAgent}`,
      `language: ${navigator.language}`,
      `screen: ${window.screen.width}x${window.screen.height}`,
      `web: ${WEB_VERSION}`,
      `time: ${new Date().toISOString()}`,
    ].join('\n');
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    const result = await client
      .mutation(SendSupportMessageDocument, {
        input: {
          subject,
          message,
          page: document.referrer || window.location.href,
          browser: navigator.userAgent,
          diagnostics: consent ? diagnostics() : null,
        },
      })
      .toPromise();
    setSending(false);
    if (result.error) setError(result.error);
    else {
      setSent(true);
      setSubject('');
      setMessage('');
    }
  };
  return (
    <form onSubmit={(e) => void send(e)} data-testid="contact-form">
      <Stack gap="sm" maw={640}>
        {sent && (
          <Alert color="green" data-testid="contact-sent">
            {t('support.contact.sent')}
          </Alert>
        )}
        <FormError error={error} />
        <TextInput
          label={t('support.contact.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          required
          maxLength={200}
        />
        <Textarea
          label={t('support.contact.message')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          required
          minRows={5}
          autosize
          maxLength={5000}
        />
        <Checkbox
          label={t('support.contact.consent')}
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
        />
        {consent && (
          <Code block data-testid="contact-diagnostics">
            {diagnostics()}
          </Code>
        )}
        <Group>
          <Button type="submit" loading={sending} disabled={!subject.trim() || !message.trim()}>
            {t('support.contact.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
