import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { hasPendingDisciplines, type IssueStatus } from '@obra/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { SetIssueStatusDocument } from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import { allowedIssueStatuses, defaultResolutionPhase } from './issue-rules.ts';
import type { IssueScreen } from './use-issue-screen.ts';
import { useDemoLock } from '../../demo-mode/demo-mode.tsx';

/**
 * The issue status for those who may change it. Only the statuses the rules allow are offered (pending
 * disciplines keep an issue active; without them it cannot be active); resolving asks for the resolution
 * phase when the issue has none. The server's refusal is shown translated in place.
 */
export function IssueStatusChanger({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation(['issue', 'enums']);
  const demo = useDemoLock();
  const { issue, statuses, project } = screen;
  const [result, update] = useMutation(SetIssueStatusDocument);
  const [resolving, setResolving] = useState(false);
  const [chosenPhase, setPhase] = useState<string | null>(null);
  const initialPhase = defaultResolutionPhase(issue, project.phases);
  const phase = chosenPhase ?? (initialPhase === null ? null : String(initialPhase));
  const options = allowedIssueStatuses(issue.status, issue.disciplines, statuses);
  const pending = hasPendingDisciplines(issue.disciplines, statuses);
  const send = async (status: IssueStatus, resolutionPhase?: number) => {
    const response = await update({
      projectId: issue.projectId,
      issueId: issue.id,
      status,
      ...(resolutionPhase !== undefined ? { resolutionPhase } : {}),
    });
    if (!response.error) {
      setResolving(false);
      screen.reload();
    }
  };
  const choose = (value: string | null) => {
    if (!value || value === issue.status) return;
    if (value === 'resolved' && issue.resolutionPhase === null) {
      setResolving(true);
      return;
    }
    void send(value as IssueStatus);
  };
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        aria-label={t('fields.status')}
        data={options.map((s) => ({ value: s, label: t(`enums:issueStatuses.${s}`) }))}
        value={issue.status}
        allowDeselect={false}
        disabled={result.fetching || demo.readOnly}
        {...(demo.readOnly ? { title: demo.lock.title } : {})}
        onChange={choose}
        data-testid="issue-status-select"
      />
      <Text size="xs" c="dimmed">
        {pending ? t('status.pendingKeepsActive') : t('status.noPending')}
      </Text>
      {resolving && (
        <Group gap={4} align="flex-end" wrap="nowrap">
          <Select
            size="xs"
            label={t('fields.resolutionPhase')}
            data={project.phases
              .filter((p) => p.active)
              .map((p) => ({ value: String(p.id), label: t(`enums:phases.${p.key}`) }))}
            value={phase}
            onChange={setPhase}
          />
          <Button size="xs" disabled={phase === null} onClick={() => void send('resolved', Number(phase))}>
            {t('status.resolve')}
          </Button>
        </Group>
      )}
      <FormError error={result.error} />
    </Stack>
  );
}
