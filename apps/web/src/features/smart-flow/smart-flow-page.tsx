import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconBolt, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import { FormError } from '../../components/form-error.tsx';
import {
  AiStatusDocument,
  CreateSmartFlowRuleDocument,
  DeleteSmartFlowRuleDocument,
  DraftSmartFlowRuleDocument,
  RunSmartFlowRuleDocument,
  SetSmartFlowRulePausedDocument,
  SmartFlowRulesDocument,
  WorkspaceProjectsDocument,
  type SmartFlowRuleFieldsFragment,
} from '../../gql/generated.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';
import { browserTimeZone, emptyDraft, ruleInputOf, SmartFlowRuleForm } from './smart-flow-rule-form.tsx';
import { ruleSentence, type RuleDraft } from './smart-flow-words.ts';
import { PageHeading } from '../../components/heading.tsx';
import { EmptyCard } from '../../components/empty-card.tsx';
import { CardList } from '../../components/card-list.tsx';

type Rule = SmartFlowRuleFieldsFragment;

/**
 * /workspace/smart-flow (spec core §2; issue 31 item 6): the person's rules — a trigger, a condition and an action,
 * run with their own rights — listed with their state and last runs, run now, paused, deleted; a new rule built in
 * the form or, when the assistant is on, drafted from words and checked in the same form before it is saved.
 */
export function SmartFlowPage() {
  const { t } = useTranslation('workspace');
  const client = useClient();
  const { user } = useSession();
  const [rules, refetch] = useQuery({ query: SmartFlowRulesDocument, requestPolicy: 'cache-and-network' });
  const [projects] = useQuery({ query: WorkspaceProjectsDocument });
  const [status] = useQuery({ query: AiStatusDocument, pause: !user?.hasAiAssistant });
  const projectList = (projects.data?.workspaceProjects ?? []).map((p) => ({ id: p.id, name: p.name }));
  const canDraft = Boolean(
    user?.hasAiAssistant && user.aiDisclaimerAccepted && status.data?.aiStatus.configured,
  );
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const startDraft = async () => {
    setBusy(true);
    setError(null);
    const result = await client
      .mutation(DraftSmartFlowRuleDocument, { text: words, timeZone: browserTimeZone() })
      .toPromise();
    setBusy(false);
    if (result.error) return setError(result.error);
    setDraft(result.data?.draftSmartFlowRule as RuleDraft);
    setReviewing(true);
  };
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setError(null);
    const result = await client
      .mutation(CreateSmartFlowRuleDocument, { input: ruleInputOf(draft) })
      .toPromise();
    setBusy(false);
    if (result.error) return setError(result.error);
    setDraft(null);
    setWords('');
    refetch({ requestPolicy: 'network-only' });
  };
  const list = rules.data?.smartFlowRules;
  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="smart-flow-page">
      <PageHeading title={t('smartFlow.title')} intro={t('smartFlow.intro')} />
      {canDraft && !draft && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Textarea
              label={t('smartFlow.describe.label')}
              description={t('smartFlow.describe.hint')}
              placeholder={t('smartFlow.describe.placeholder')}
              value={words}
              onChange={(e) => setWords(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={1000}
            />
            <FormError error={error} />
            <Group justify="flex-end">
              <Button
                leftSection={<IconBolt size={16} />}
                onClick={() => void startDraft()}
                loading={busy}
                disabled={!words.trim()}
              >
                {t('smartFlow.describe.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {draft ? (
        <SmartFlowRuleForm
          draft={draft}
          onChange={setDraft}
          projects={projectList}
          reviewing={reviewing}
          busy={busy}
          error={error}
          onSave={() => void save()}
          digest={canDraft}
          onCancel={() => {
            setDraft(null);
            setError(null);
          }}
        />
      ) : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setError(null);
              setReviewing(false);
              setDraft(emptyDraft(projectList[0]?.id ?? null));
            }}
          >
            {t('smartFlow.form.new')}
          </Button>
        </Group>
      )}
      <CardList
        items={list}
        fetching={rules.fetching}
        error={rules.error}
        empty={
          <EmptyCard
            testId="smart-flow-empty"
            icon={<IconBolt size={30} />}
            title={t('smartFlow.empty.title')}
            message={t('smartFlow.empty.message')}
          />
        }
      >
        {(rule) => (
          <RuleCard key={rule.id} rule={rule} onChanged={() => refetch({ requestPolicy: 'network-only' })} />
        )}
      </CardList>
    </Stack>
  );
}

function RuleCard({ rule, onChanged }: { rule: Rule; onChanged: () => void }) {
  const { t, i18n } = useTranslation(['workspace', 'errors']);
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const [ranNow, setRanNow] = useState<number | null>(null);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const act = async (work: () => Promise<{ error?: unknown }>, after?: () => void) => {
    setBusy(true);
    setError(null);
    const result = await work();
    setBusy(false);
    if (result.error) return setError(result.error);
    after?.();
    onChanged();
  };
  // A done digest run's code says why its e-mail went without the assistant's summary.
  const digest = (rule.action as { kind?: string } | null)?.kind === 'digest';
  const sentence = ruleSentence(
    t,
    rule as unknown as RuleDraft,
    { project: rule.projectName, disciplines: new Map(rule.disciplineNames.map((d) => [d.id, d.name])) },
    i18n.language,
  );
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      data-testid="smart-flow-rule"
      data-paused={rule.paused}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{rule.name}</Text>
            <Badge color={rule.paused ? 'gray' : 'green'} variant="light">
              {rule.paused ? t('smartFlow.rule.paused') : t('smartFlow.rule.active')}
            </Badge>
          </Group>
          {rule.nextRunAt && !rule.paused && (
            <Text size="sm" c="dimmed">
              {t('smartFlow.rule.nextRun', { date: date(rule.nextRunAt) })}
            </Text>
          )}
        </Group>
        <Text size="sm">{sentence}</Text>
        {rule.description && (
          <Text size="xs" c="dimmed" fs="italic">
            “{rule.description}”
          </Text>
        )}
        <Stack gap={2} data-testid="smart-flow-runs">
          <Text size="xs" fw={600} c="dimmed">
            {t('smartFlow.rule.runs')}
          </Text>
          {rule.runs.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('smartFlow.rule.noRuns')}
            </Text>
          )}
          {rule.runs.slice(0, 5).map((run) => (
            <Text
              key={run.id}
              size="xs"
              c={run.state === 'failed' ? 'red' : undefined}
              data-testid="smart-flow-run"
            >
              {run.state === 'failed'
                ? t('smartFlow.rule.failed', {
                    date: date(run.startedAt),
                    message: t(`errors:${run.errorCode ?? 'UNEXPECTED'}`),
                  })
                : t('smartFlow.rule.ran', { date: date(run.startedAt), count: run.issueCount })}
              {run.state === 'done' &&
                run.errorCode &&
                ` ${t(digest ? 'smartFlow.rule.noSummary' : 'smartFlow.rule.left', {
                  message: t(`errors:${run.errorCode}`),
                })}`}{' '}
              · {t(`smartFlow.rule.causes.${run.cause}`)}
            </Text>
          ))}
        </Stack>
        {ranNow !== null && (
          <Text size="sm" c="green" role="status">
            {t('smartFlow.rule.ranNow', { count: ranNow })}
          </Text>
        )}
        <FormError error={error} />
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            loading={busy}
            onClick={() =>
              void act(async () => {
                const r = await client.mutation(RunSmartFlowRuleDocument, { id: rule.id }).toPromise();
                if (r.data) setRanNow(r.data.runSmartFlowRule.issueCount);
                return r;
              })
            }
          >
            {t('smartFlow.rule.runNow')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={rule.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            disabled={busy}
            onClick={() =>
              void act(() =>
                client
                  .mutation(SetSmartFlowRulePausedDocument, { id: rule.id, paused: !rule.paused })
                  .toPromise(),
              )
            }
          >
            {rule.paused ? t('smartFlow.rule.resume') : t('smartFlow.rule.pause')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('smartFlow.rule.delete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('smartFlow.rule.deleteTitle')}
        message={t('smartFlow.rule.deleteMessage', { name: rule.name })}
        confirmLabel={t('smartFlow.rule.deleteConfirm')}
        danger
        busy={busy}
        error={error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void act(
            () => client.mutation(DeleteSmartFlowRuleDocument, { id: rule.id }).toPromise(),
            () => setConfirming(false),
          )
        }
      />
    </Card>
  );
}
