import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ISSUE_CATEGORIES, issueEditScope, localDate } from '@obra/domain';
import { IconEye } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeadlineBadge } from '../shared/deadline-badge.tsx';
import {
  IssuePriorityIndicator,
  IssueStatusIndicator,
  IssueVisibilityIndicator,
} from '../shared/issue-indicators.tsx';
import { displayName, useIssueFormatters } from './issue-format.ts';
import { IssueStatusChanger } from './issue-status-changer.tsx';
import type { IssueScreen } from './use-issue-screen.ts';
import { VisibilityChangeDialog } from './visibility-change-dialog.tsx';

/** One labelled value of the panel. */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Every field of the issue (spec core §3 Issue), with the status and visibility changes the user may make. */
export function IssueFieldsPanel({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation(['issue', 'enums']);
  const { issue, project, general } = screen;
  const [visibilityOpen, setVisibilityOpen] = useState(false);
  const fullEdit = issueEditScope(screen.editor, issue) === 'full';
  const category = ISSUE_CATEGORIES.find((c) => c.id === issue.category);
  const phase = (id: number | null) => {
    const p = project.phases.find((ph) => ph.id === id);
    return p ? `${t(`enums:phases.${p.key}`, { defaultValue: p.name })} (${p.abbreviation})` : t('none');
  };
  const group = general.groups.find((g) => g.id === issue.groupId);
  const tree = (items: typeof project.locals, ids: number[]) =>
    ids.map((id) => items.find((i) => i.id === id)).filter((i) => i !== undefined);
  const locals = tree(
    project.locals,
    issue.locals.map((l) => l.localId),
  );
  const labels = tree(
    project.labels,
    issue.labels.map((l) => l.labelId),
  );
  return (
    <Stack gap="sm" data-testid="issue-fields">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Field label={t('fields.status')} testId="field-status">
          {fullEdit ? <IssueStatusChanger screen={screen} /> : <IssueStatusIndicator status={issue.status} />}
        </Field>
        <Field label={t('fields.priority')}>
          <IssuePriorityIndicator priority={issue.priority} />
        </Field>
        <Field label={t('fields.deadline')}>
          {issue.deadline ? (
            <DeadlineBadge deadline={issue.deadline} today={localDate(new Date())} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('none')}
            </Text>
          )}
        </Field>
        <Field label={t('fields.category')}>
          <Text size="sm">{category ? t(`enums:categories.${category.key}`) : t('none')}</Text>
        </Field>
        <Field label={t('fields.group')}>
          <Text size="sm">{group?.name ?? t('none')}</Text>
        </Field>
        <Field label={t('fields.creationPhase')}>
          <Text size="sm">{phase(issue.creationPhase)}</Text>
        </Field>
        <Field label={t('fields.resolutionPhase')}>
          <Text size="sm">{phase(issue.resolutionPhase)}</Text>
        </Field>
      </SimpleGrid>
      <Field label={t('fields.visibility')} testId="field-visibility">
        <Group gap={6} wrap="nowrap">
          <IssueVisibilityIndicator visibility={issue.visibility} />
          {fullEdit && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconEye size={14} />}
              onClick={() => setVisibilityOpen(true)}
            >
              {t('visibility.change')}
            </Button>
          )}
        </Group>
      </Field>
      <Field label={t('fields.locals')} testId="field-locals">
        <TreeBadges items={locals} empty={t('none')} />
      </Field>
      <Field label={t('fields.labels')} testId="field-labels">
        <TreeBadges items={labels} empty={t('none')} />
      </Field>
      {visibilityOpen && (
        <VisibilityChangeDialog screen={screen} opened onClose={() => setVisibilityOpen(false)} />
      )}
    </Stack>
  );
}

function TreeBadges({
  items,
  empty,
}: {
  items: { id: number; name: string; abbreviationTree: string }[];
  empty: string;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {items.map((i) => (
        <Badge
          key={i.id}
          variant="outline"
          title={i.abbreviationTree}
          styles={{ root: { textTransform: 'none' } }}
        >
          {i.name}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Who did what when: creation, edit, publication, status, and the visibility tracking of the detail. The issue view
 * shows these audit lines last, after the fields, the disciplines and the conversation (issue 21).
 */
export function IssueStamps({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation('issue');
  const format = useIssueFormatters();
  const { issue, usersById } = screen;
  const who = (id: number | null | undefined) => displayName(id ? usersById.get(id) : null, t('unknownUser'));
  const rows: [string, string | null | undefined, number | null | undefined][] = [
    ['stamps.created', issue.createdAt, issue.createdByUserId],
    ['stamps.edited', issue.editedAt, issue.editedByUserId],
    ['stamps.published', issue.visibilityUpdatedAt, issue.visibilityUpdatedByUserId],
    ['stamps.toProjectManagement', issue.toProjectManagementAt, issue.toProjectManagementBy],
    ['stamps.toPublic', issue.toPublicAt, issue.toPublicBy],
    ['stamps.statusUpdated', issue.statusUpdatedAt, issue.statusUpdatedByUserId],
  ];
  return (
    <Stack gap={2} data-testid="issue-stamps">
      {rows
        .filter(([, at]) => Boolean(at))
        .map(([key, at, by]) => (
          <Text key={key} size="xs" c="dimmed">
            {t(key, { user: who(by), date: format.dateTime(at) })}
          </Text>
        ))}
    </Stack>
  );
}
