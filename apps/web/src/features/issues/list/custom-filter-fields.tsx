import {
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ISSUE_STATUSES, ISSUE_VISIBILITIES, PRIORITIES } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import type { ProjectDetails } from '../../projects/project-context.ts';
import type { IssueListFilterState } from '../shared/issue-list-context.ts';
import { CompactMultiSelect, type MultiSelectOption } from './compact-multi-select.tsx';
import {
  dateRange,
  idValues,
  setDateRange,
  setIdValues,
  setTextValues,
  textValues,
  type DateField,
  type IdField,
  type TextField,
} from './filter-conditions.ts';
import { personName } from './list-display.ts';
import type { ListContextData } from './use-issue-list.ts';

/** The filter popover's maximum height (editor §9). */
export const FILTER_POPOVER_MAX_HEIGHT = '30rem';

function useOptions(project: ProjectDetails, context: ListContextData | null) {
  const { t } = useTranslation('enums');
  const text: Record<TextField, MultiSelectOption<string>[]> = {
    status: ISSUE_STATUSES.map((s) => ({ value: s.key, label: t(`issueStatuses.${s.key}`) })),
    priority: PRIORITIES.map((p) => ({ value: p.key, label: t(`priorities.${p.key}`) })),
    visibility: ISSUE_VISIBILITIES.map((v) => ({ value: v, label: t(`visibilities.${v}`) })),
    disciplineStatus: project.disciplinesStatus
      .filter((s) => s.active)
      .map((s) => ({ value: s.name, label: t(`disciplineStatuses.${s.name}`, { defaultValue: s.name }) })),
  };
  const phases = project.phases
    .filter((p) => p.active)
    .map((p) => ({ value: p.id, label: t(`phases.${p.key}`, { defaultValue: p.name }) }));
  const ids: Record<IdField, MultiSelectOption<number>[]> = {
    discipline: project.disciplines.map((d) => ({ value: d.id, label: `${d.abbreviation} · ${d.name}` })),
    local: project.locals.map((l) => ({ value: l.id, label: `${l.abbreviationTree} · ${l.name}` })),
    label: project.labels.map((l) => ({ value: l.id, label: `${l.abbreviationTree} · ${l.name}` })),
    category: project.categories
      .filter((c) => c.active)
      .map((c) => ({ value: c.id, label: t(`categories.${c.name}`, { defaultValue: c.name }) })),
    creationPhase: phases,
    resolutionPhase: phases,
    tag: (context?.projectIssuesGeneralData.userTags ?? []).map((tag) => ({
      value: tag.id,
      label: tag.name,
    })),
    createdBy: (context?.projectUsers ?? []).map((u) => ({ value: u.id, label: personName(u) })),
    group: (context?.projectIssuesGeneralData.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
  };
  return { text, ids };
}

const TEXT_FIELDS: TextField[] = ['status', 'priority', 'visibility', 'disciplineStatus'];
const ID_FIELDS: IdField[] = [
  'discipline',
  'local',
  'label',
  'category',
  'creationPhase',
  'resolutionPhase',
  'createdBy',
  'group',
  'tag',
];
const DATE_FIELDS: DateField[] = ['deadline', 'createdAt', 'visibilityUpdatedAt'];

/** The popover's content, built only while it is open (the list re-renders often; the options are many). */
export function CustomFilterFields({
  project,
  context,
  filter,
  onChange,
  onDone,
}: {
  project: ProjectDetails;
  context: ListContextData | null;
  filter: IssueListFilterState;
  onChange: (next: IssueListFilterState) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('issues');
  const options = useOptions(project, context);
  const change = (patch: Partial<IssueListFilterState>) =>
    onChange({ ...filter, ...patch, standard: 'custom' });
  const active = filter.conditions.length;
  return (
    <ScrollArea.Autosize mah={FILTER_POPOVER_MAX_HEIGHT} type="auto" data-testid="custom-filter-popover">
      <Stack gap="sm" p="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('filters.title')}</Text>
          <SegmentedControl
            size="xs"
            value={filter.combination}
            onChange={(value) => change({ combination: value === 'and' ? 'and' : 'or' })}
            data={[
              { value: 'or', label: t('filters.or') },
              { value: 'and', label: t('filters.and') },
            ]}
            aria-label={t('filters.combination')}
            data-testid="custom-filter-combination"
          />
        </Group>
        <Text size="xs" c="dimmed">
          {filter.combination === 'and' ? t('filters.andHint') : t('filters.orHint')}
        </Text>
        {TEXT_FIELDS.map((field) => (
          <CompactMultiSelect
            key={field}
            label={t(`filters.fields.${field}`)}
            options={options.text[field]}
            value={textValues(filter.conditions, field)}
            onChange={(values) => change({ conditions: setTextValues(filter.conditions, field, values) })}
            testId={`filter-${field}`}
          />
        ))}
        {ID_FIELDS.filter((field) => options.ids[field].length > 0).map((field) => (
          <CompactMultiSelect
            key={field}
            label={t(`filters.fields.${field}`)}
            options={options.ids[field]}
            value={idValues(filter.conditions, field)}
            onChange={(values) => change({ conditions: setIdValues(filter.conditions, field, values) })}
            testId={`filter-${field}`}
          />
        ))}
        {DATE_FIELDS.map((field) => {
          const range = dateRange(filter.conditions, field);
          return (
            <Stack key={field} gap={2}>
              <Text size="xs" c="dimmed">
                {t(`filters.fields.${field}`)}
              </Text>
              <SimpleGrid cols={2} spacing="xs">
                <TextInput
                  type="date"
                  size="xs"
                  aria-label={t('filters.from', { field: t(`filters.fields.${field}`) })}
                  value={range.from ?? ''}
                  onChange={(e) =>
                    change({
                      conditions: setDateRange(filter.conditions, field, {
                        ...range,
                        from: e.currentTarget.value,
                      }),
                    })
                  }
                />
                <TextInput
                  type="date"
                  size="xs"
                  aria-label={t('filters.to', { field: t(`filters.fields.${field}`) })}
                  value={range.to ?? ''}
                  onChange={(e) =>
                    change({
                      conditions: setDateRange(filter.conditions, field, {
                        ...range,
                        to: e.currentTarget.value,
                      }),
                    })
                  }
                />
              </SimpleGrid>
            </Stack>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            disabled={active === 0}
            onClick={() => change({ conditions: [] })}
          >
            {t('filters.clear')}
          </Button>
          <Button size="xs" onClick={onDone}>
            {t('filters.done')}
          </Button>
        </Group>
      </Stack>
    </ScrollArea.Autosize>
  );
}
