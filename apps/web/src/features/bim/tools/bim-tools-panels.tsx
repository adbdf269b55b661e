import { Box, Button, Checkbox, CloseButton, Group, ScrollArea, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { measurementValue, openMeasurement, planKey } from './bim-tools-model.ts';
import type { ToolsState } from './use-bim-tools.tsx';

/** The tools' panels (over the canvas, top left: bim-tools-overlay.tsx), one per toolbar panel button. */

export function SectionPanel({ state }: { state: ToolsState }) {
  const { t } = useTranslation('bim');
  const { dispatch } = state;
  const range = Math.max(1, Math.ceil(state.modelSize / 2));
  return (
    <Stack gap="xs">
      <Button
        size="xs"
        variant={state.picking === 'section' ? 'filled' : 'default'}
        aria-pressed={state.picking === 'section'}
        data-testid="bim-section-add"
        onClick={() => dispatch({ type: 'togglePicking', tool: 'section' })}
      >
        {t('tools.sectionAdd')}
      </Button>
      {state.picking === 'section' && (
        <Text size="xs" c="dimmed">
          {t('tools.sectionAddHint')}
        </Text>
      )}
      {state.planes.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('tools.sectionNone')}
        </Text>
      )}
      {state.planes.map((plane, index) => (
        <Box key={plane.base.id} data-testid="bim-section-plane">
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="sm">{t('tools.sectionPlane', { n: index + 1 })}</Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="default"
                data-testid="bim-section-flip"
                onClick={() => dispatch({ type: 'flipPlane', id: plane.base.id })}
              >
                {t('tools.flip')}
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                color="red"
                data-testid="bim-section-delete"
                onClick={() => dispatch({ type: 'deletePlane', id: plane.base.id })}
              >
                {t('tools.delete')}
              </Button>
            </Group>
          </Group>
          <Slider
            data-testid="bim-section-offset"
            thumbLabel={t('tools.sectionOffset', { n: index + 1 })}
            min={-range}
            max={range}
            step={0.05}
            value={plane.offset}
            label={(v) => `${v.toFixed(2)} m`}
            onChange={(offset) => dispatch({ type: 'movePlane', id: plane.base.id, offset })}
          />
        </Box>
      ))}
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="default"
          disabled={!state.hasSelection}
          data-testid="bim-section-box-selection"
          onClick={() => void state.boxAround('selection')}
        >
          {t('tools.sectionBoxSelection')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          data-testid="bim-section-box-model"
          onClick={() => void state.boxAround('model')}
        >
          {t('tools.sectionBoxModel')}
        </Button>
        {state.box.length > 0 && (
          <Button
            size="compact-xs"
            variant="default"
            data-testid="bim-section-box-remove"
            onClick={() => dispatch({ type: 'setBox', box: [] })}
          >
            {t('tools.sectionBoxRemove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function ClassesPanel({ state }: { state: ToolsState }) {
  const { t } = useTranslation('bim');
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah={260}>
        <Stack gap={4} data-testid="bim-classes">
          {state.classes.map((entry) => (
            <Checkbox
              key={entry.cls}
              size="xs"
              checked={!state.hiddenClasses.has(entry.cls)}
              onChange={() => state.toggleClass(entry.cls)}
              label={t('tools.classCount', { cls: entry.cls, count: entry.count })}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Button
        size="compact-xs"
        variant="default"
        disabled={state.hiddenClasses.size === 0}
        onClick={state.showAllClasses}
      >
        {t('tools.showAllClasses')}
      </Button>
    </Stack>
  );
}

export function MeasurePanel({ state }: { state: ToolsState }) {
  const { t, i18n } = useTranslation('bim');
  const { dispatch } = state;
  const open = openMeasurement(state);
  return (
    <Stack gap="xs">
      <Group gap={4}>
        {(['distance', 'area'] as const).map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant={state.picking === kind ? 'filled' : 'default'}
            aria-pressed={state.picking === kind}
            data-testid={`bim-measure-${kind}`}
            onClick={() => dispatch({ type: 'startMeasure', kind })}
          >
            {t(`tools.${kind}`)}
          </Button>
        ))}
      </Group>
      {state.picking && (
        <Text size="xs" c="dimmed">
          {t(state.picking === 'area' ? 'tools.areaHint' : 'tools.distanceHint')}
        </Text>
      )}
      {open?.kind === 'area' && (
        <Button
          size="compact-xs"
          disabled={open.points.length < 3}
          data-testid="bim-measure-finish"
          onClick={() => dispatch({ type: 'finishArea' })}
        >
          {t('tools.finish')}
        </Button>
      )}
      <Stack gap={2} data-testid="bim-measurements">
        {state.measurements.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('tools.measureNone')}
          </Text>
        )}
        {state.measurements.map((m, index) => {
          const value = measurementValue(m, i18n.language);
          return (
            <Group key={m.id} justify="space-between" gap={4} wrap="nowrap">
              <Text size="sm" data-testid={`bim-measure-value-${m.kind}`}>
                {value
                  ? t(m.kind === 'area' ? 'tools.areaValue' : 'tools.distanceValue', { n: index + 1, value })
                  : t('tools.measuring')}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('tools.delete')}
                onClick={() => dispatch({ type: 'deleteMeasurement', id: m.id })}
              />
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

export function PlanPanel({ state }: { state: ToolsState }) {
  const { t } = useTranslation('bim');
  return (
    <Stack gap={4}>
      {state.storeys.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('tools.planNone')}
        </Text>
      )}
      {state.storeys.map((storey) => {
        const key = planKey(storey);
        return (
          <Button
            key={key}
            size="compact-xs"
            variant={state.plan === key ? 'filled' : 'default'}
            aria-pressed={state.plan === key}
            data-testid="bim-plan-storey"
            onClick={() => void state.openPlan(storey)}
          >
            {storey.node.name?.trim() || storey.node.cls}
            {state.storeys.some((s) => s.modelId !== storey.modelId) ? ` · ${storey.label}` : ''}
          </Button>
        );
      })}
      {state.plan && (
        <Button size="compact-xs" data-testid="bim-plan-back" onClick={() => void state.openPlan(null)}>
          {t('tools.planBack')}
        </Button>
      )}
    </Stack>
  );
}
