import { Alert, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { ISSUE_VISIBILITIES, toIssueVisibility, type IssueVisibility } from '@obra/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { SetIssueVisibilityDocument } from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import type { IssueScreen } from './use-issue-screen.ts';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

/**
 * Changes an issue's visibility behind a confirmation that says who will see it (spec core §4, editor §3.6):
 * each level's audience, the semi-public extra message, and a group for group visibility.
 */
export function VisibilityChangeDialog({
  screen,
  opened,
  onClose,
}: {
  screen: IssueScreen;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['issue', 'enums']);
  const { issue, general } = screen;
  const current = toIssueVisibility(issue.visibility);
  const [visibility, setVisibility] = useState<IssueVisibility>(current);
  const [groupId, setGroupId] = useState<number | null>(issue.groupId);
  const [result, update] = useMutation(SetIssueVisibilityDocument);
  const needsGroup = visibility === 'group' && groupId === null;
  const unchanged = visibility === current && groupId === issue.groupId;
  const confirm = async () => {
    const response = await update({ projectId: issue.projectId, issueId: issue.id, visibility, groupId });
    if (!response.error) {
      screen.reload();
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('visibility.dialogTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('visibility.explanation')}</Text>
        <Radio.Group
          value={visibility}
          onChange={(v) => setVisibility(toIssueVisibility(v))}
          label={t('fields.visibility')}
        >
          <Stack gap={8} mt={6}>
            {ISSUE_VISIBILITIES.map((v) => (
              <Radio
                key={v}
                value={v}
                label={t(`enums:visibilities.${v}`)}
                description={t(`enums:visibilityHints.${v}`)}
                data-testid={`visibility-option-${v}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {(visibility === 'group' || visibility === 'semi_public') && (
          <Select
            label={t('fields.group')}
            placeholder={t('fields.chooseGroup')}
            data={general.groups.map((g) => ({ value: String(g.id), label: g.name }))}
            value={groupId === null ? null : String(groupId)}
            onChange={(v) => setGroupId(v ? Number(v) : null)}
            clearable={visibility !== 'group'}
            error={needsGroup ? t('errors:REQUIRED_FIELD') : undefined}
            nothingFoundMessage={t('fields.noGroups')}
          />
        )}
        {visibility === 'semi_public' && (
          <Alert color="cyan" variant="light" data-testid="semi-public-message">
            {t('visibility.semiPublicMessage')}
          </Alert>
        )}
        {visibility !== current && (
          <Alert color="yellow" variant="light" data-testid="visibility-consequence">
            {t('visibility.consequence', {
              from: t(`enums:visibilities.${current}`),
              to: t(`enums:visibilities.${visibility}`),
            })}
          </Alert>
        )}
        <FormError error={result.error} />
        <ConfirmActions
          cancelLabel={t('actions.cancel')}
          onCancel={onClose}
          confirmLabel={t('visibility.confirm')}
          onConfirm={() => void confirm()}
          busy={result.fetching}
          disabled={unchanged || needsGroup}
        />
      </Stack>
    </Modal>
  );
}
