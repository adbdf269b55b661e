import { Badge, Group } from '@mantine/core';
import type { DisciplineStatusMap, IssueDisciplineState } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import {
  DISCIPLINE_TAG_COLORS,
  disciplineTagState,
  type DisciplineTagState,
} from './discipline-tag-state.ts';

/** What a tag shows of a project discipline. */
export interface DisciplineLabel {
  readonly abbreviation: string;
  readonly name: string;
}

/** One discipline of an issue: its abbreviation, coloured by its tag state; the hover names it and its status. */
export function DisciplineTag({
  label,
  status,
  state,
}: {
  label: DisciplineLabel | undefined;
  status: string;
  state: DisciplineTagState;
}) {
  const { t } = useTranslation(['issues', 'enums']);
  const statusLabel = t(`enums:disciplineStatuses.${status}`, { defaultValue: status });
  const stateLabel = t(`issues:tagStates.${state}`);
  const name = label?.name ?? t('issues:unknownDiscipline');
  return (
    <Badge
      size="sm"
      radius="sm"
      variant={state === 'follow' || state === 'varies' ? 'outline' : 'light'}
      color={DISCIPLINE_TAG_COLORS[state]}
      title={`${name}: ${statusLabel} (${stateLabel})`}
      aria-label={`${name}: ${statusLabel} (${stateLabel})`}
      data-testid="discipline-tag"
      data-state={state}
      styles={{ root: { textTransform: 'none', flexShrink: 0 } }}
    >
      {label?.abbreviation ?? '?'}
    </Badge>
  );
}

/** The disciplines of an issue as tags with their states (editor §3.6). */
export function DisciplineTags({
  disciplines,
  labels,
  statuses,
  today,
  max,
}: {
  disciplines: readonly IssueDisciplineState[];
  labels: ReadonlyMap<number, DisciplineLabel>;
  statuses: DisciplineStatusMap;
  today: string;
  /** Show at most this many tags and then +N. */
  max?: number;
}) {
  const shown = max === undefined ? disciplines : disciplines.slice(0, max);
  const hidden = disciplines.length - shown.length;
  return (
    <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
      {shown.map((d) => (
        <DisciplineTag
          key={d.disciplineId}
          label={labels.get(d.disciplineId)}
          status={d.status}
          state={disciplineTagState(d, statuses, today)}
        />
      ))}
      {hidden > 0 && (
        <Badge size="sm" radius="sm" variant="default" data-testid="discipline-tags-more">
          +{hidden}
        </Badge>
      )}
    </Group>
  );
}
