import { useState } from 'react';
import { Alert, Button, Group, Input, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ISSUE_VISIBILITIES } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { IssuesListCopyIssuesDocument, IssuesListTargetGroupsDocument } from '../../../gql/generated.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { ProjectSelectorPopover, SelectorTarget } from '../../projects/project-selector-popover.tsx';
import type { IssueRow } from './issue-row.ts';
import { RejectedIssues, type Rejection } from './rejected-issues.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

/**
 * Copies the selected issues into another project (copyProjectIssues) with a visibility and, optionally, a
 * group of the target project; settings are matched by the server, refusals are listed with their reasons.
 */
export function CopyIssuesDialog({
  opened,
  onClose,
  projectId,
  issueIds,
  rows,
}: {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  issueIds: readonly number[];
  rows: ReadonlyMap<number, IssueRow>;
}) {
  const { t } = useTranslation(['issues', 'enums', 'projects']);
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  const [visibility, setVisibility] = useState<string>('creator');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ copied: number; rejected: Rejection[] } | null>(null);
  const [groups] = useQuery({
    query: IssuesListTargetGroupsDocument,
    variables: { projectId: target?.id ?? 0 },
    pause: !target,
  });
  const [state, copy] = useMutation(IssuesListCopyIssuesDocument);
  const close = () => {
    setTarget(null);
    setGroupId(null);
    setOutcome(null);
    onClose();
  };
  const needsGroup = visibility === 'group' && !groupId;

  const submit = async () => {
    if (!target) return;
    const result = await copy({
      sourceProjectId: projectId,
      targetProjectId: target.id,
      issuesIds: [...issueIds],
      visibility,
      groupId: groupId === null ? null : Number(groupId),
    });
    if (result.error || !result.data) {
      showErrorToast(t, result.error);
      return;
    }
    const { copies, rejected } = result.data.copyProjectIssues;
    if (rejected.length === 0) {
      notifications.show({
        color: 'green',
        message: t('copy.done', { count: copies.length, project: target.name }),
      });
      close();
      return;
    }
    setOutcome({ copied: copies.length, rejected });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('copy.title', { count: issueIds.length })}
      data-testid="copy-issues-dialog"
    >
      {outcome ? (
        <Stack>
          <Alert color="green" variant="light">
            {t('copy.done', { count: outcome.copied, project: target?.name ?? '' })}
          </Alert>
          <RejectedIssues rejected={outcome.rejected} rows={rows} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Input.Wrapper label={t('copy.target')} required>
            <div>
              <ProjectSelectorPopover
                label={t('copy.target')}
                exclude={[projectId]}
                filter={(p) => p.status === 1}
                selection={{
                  mode: 'single',
                  value: target?.id ?? null,
                  onChange: (id, project) => {
                    setGroupId(null);
                    setTarget({ id, name: project.name });
                  },
                }}
                target={<SelectorTarget name={target ? target.name : t('copy.chooseProject')} />}
              />
            </div>
          </Input.Wrapper>
          <Select
            label={t('columns.visibility')}
            required
            data={ISSUE_VISIBILITIES.map((v) => ({ value: v, label: t(`enums:visibilities.${v}`) }))}
            value={visibility}
            onChange={(v) => setVisibility(v ?? 'creator')}
            allowDeselect={false}
            data-testid="copy-visibility"
          />
          <Select
            label={t('copy.group')}
            description={visibility === 'group' ? t('copy.groupRequired') : t('copy.groupOptional')}
            required={visibility === 'group'}
            clearable
            disabled={!target}
            data={(groups.data?.projectIssuesGeneralData.groups ?? []).map((g) => ({
              value: String(g.id),
              label: g.name,
            }))}
            value={groupId}
            onChange={setGroupId}
            data-testid="copy-group"
          />
          <Text size="xs" c="dimmed">
            {t('copy.hint')}
          </Text>
          <ConfirmActions
            cancelLabel={t('common.cancel')}
            onCancel={close}
            onConfirm={() => void submit()}
            busy={state.fetching}
            disabled={!target || needsGroup}
            confirmLabel={t('copy.apply', { count: issueIds.length })}
            testId="copy-issues-apply"
          />
        </Stack>
      )}
    </Modal>
  );
}
