import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { ISSUE_CATEGORIES } from '@obra/domain';
import { IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { disciplineChanges, fieldChanges, type FieldChange } from './history-model.ts';
import { displayName, useIssueFormatters } from './issue-format.ts';
import type { IssueScreen } from './use-issue-screen.ts';

type Formatters = ReturnType<typeof useIssueFormatters>;

/** The issue's history as a timeline, newest first; entries still unread by the user are marked. */
export function IssueHistory({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation(['issue', 'enums']);
  const format = useIssueFormatters();
  const entries = [...screen.issue.history].sort(
    (a, b) => b.dataTime.localeCompare(a.dataTime) || b._id - a._id,
  );
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="history-empty">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={20} lineWidth={2} data-testid="issue-history">
      {entries.map((entry) => (
        <Timeline.Item
          key={entry._id}
          bullet={<IconHistory size={12} />}
          data-testid="history-entry"
          title={
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {displayName(entry.userId ? screen.usersById.get(entry.userId) : null, t('unknownUser'))}
              </Text>
              <Text size="xs" c="dimmed">
                {format.dateTime(entry.dataTime)}
              </Text>
              {entry.hasNotification && (
                <Badge size="xs" color="blue" data-testid="history-unread">
                  {t('unread')}
                </Badge>
              )}
            </Group>
          }
        >
          <Stack gap={2}>
            {fieldChanges(entry.fields).map((change) => (
              <ChangeLine key={change.field} change={change} screen={screen} t={t} format={format} />
            ))}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function ChangeLine({
  change,
  screen,
  t,
  format,
}: {
  change: FieldChange;
  screen: IssueScreen;
  t: TFunction;
  format: Formatters;
}) {
  if (change.field === 'created') {
    const created = (change.new ?? {}) as { code?: string; title?: string };
    return (
      <Text size="sm">{t('history.created', { code: created.code ?? '', title: created.title ?? '' })}</Text>
    );
  }
  if (change.field === 'copiedFrom') {
    const from = (change.new ?? {}) as { code?: string };
    return <Text size="sm">{t('history.copiedFrom', { code: from.code ?? '' })}</Text>;
  }
  if (change.field === 'disciplines') {
    const names = new Map(screen.project.disciplines.map((d) => [d.id, d.abbreviation]));
    const status = (s: string | null) =>
      s ? t(`enums:disciplineStatuses.${s}`, { defaultValue: s }) : t('none');
    return (
      <>
        {disciplineChanges(change.old, change.new).map((d) => (
          <Text size="sm" key={d.disciplineId} data-testid="history-discipline">
            {t(`history.discipline.${d.kind}`, {
              discipline: names.get(d.disciplineId) ?? '?',
              from: status(d.statusFrom),
              to: status(d.statusTo),
            })}
            {d.kind === 'changed' &&
              d.deadlineFrom !== d.deadlineTo &&
              ` · ${t('history.deadline', { from: format.date(d.deadlineFrom) || t('none'), to: format.date(d.deadlineTo) || t('none') })}`}
          </Text>
        ))}
      </>
    );
  }
  const label = t(`history.fields.${change.field}`, { defaultValue: change.field });
  if (['pin', 'viewpoints', 'bimPins', 'description'].includes(change.field)) {
    return <Text size="sm">{t('history.changed', { field: label })}</Text>;
  }
  return (
    <Text size="sm">
      {t('history.fromTo', {
        field: label,
        from: valueText(change.field, change.old, screen, t, format),
        to: valueText(change.field, change.new, screen, t, format),
      })}
    </Text>
  );
}

/** A stored value in words: enumerations translated, ids named, dates formatted. */
function valueText(
  field: string,
  value: unknown,
  screen: IssueScreen,
  t: TFunction,
  format: Formatters,
): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return t('none');
  const { project, general } = screen;
  switch (field) {
    case 'status':
      return t(`enums:issueStatuses.${String(value)}`, { defaultValue: String(value) });
    case 'priority':
      return t(`enums:priorities.${String(value)}`, { defaultValue: String(value) });
    case 'visibility':
      return t(`enums:visibilities.${String(value)}`, { defaultValue: String(value) });
    case 'category': {
      const c = ISSUE_CATEGORIES.find((x) => x.id === value);
      return c ? t(`enums:categories.${c.key}`) : String(value);
    }
    case 'creationPhase':
    case 'resolutionPhase': {
      const p = project.phases.find((x) => x.id === value);
      return p ? t(`enums:phases.${p.key}`, { defaultValue: p.name }) : String(value);
    }
    case 'deadline':
      return format.date(String(value));
    case 'groupId':
      return general.groups.find((g) => g.id === value)?.name ?? String(value);
    case 'locals':
    case 'labels': {
      const items = field === 'locals' ? project.locals : project.labels;
      const ids = Array.isArray(value) ? value : [];
      return ids.map((id) => items.find((i) => i.id === id)?.name ?? String(id)).join(', ');
    }
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}
