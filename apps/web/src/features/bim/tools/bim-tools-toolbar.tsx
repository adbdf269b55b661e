import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkupEditor, type MarkupEditorHandle } from '../../../editor/canvas/markup-editor.tsx';
import { captureFrozenView, dataUrlToBlob, rememberMarkedUpSnapshot } from './marked-up-snapshot.ts';
import { distanceBetween, formatMeasure, polygonArea } from './measure-math.ts';
import { flipPlane } from './section-math.ts';
import type { Measurement, ToolPanel, ToolsState } from './use-bim-tools.tsx';

/** Left and right arrows, Home and End move the focus between the toolbar's buttons (WAI-ARIA toolbar). */
function onToolbarKeyDown(e: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const next =
    e.key === 'ArrowRight'
      ? (index + 1) % buttons.length
      : e.key === 'ArrowLeft'
        ? (index - 1 + buttons.length) % buttons.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? buttons.length - 1
            : -1;
  if (next < 0) return;
  e.preventDefault();
  buttons[next]?.focus();
}

/** The label of a measurement: its length, or the area of its polygon. */
function measureValue(m: Measurement, locale: string): string | null {
  if (m.kind === 'distance')
    return m.points.length === 2 && m.points[0] && m.points[1]
      ? formatMeasure(distanceBetween(m.points[0], m.points[1]), 'length', locale)
      : null;
  return m.points.length >= 3 ? formatMeasure(polygonArea(m.points), 'area', locale) : null;
}

/** The tools' toolbar (above the viewer): each button opens a tool's panel or toggles a mode. */
export function BimToolsToolbar({ state }: { state: ToolsState }) {
  const { t } = useTranslation('bim');
  const [markup, setMarkup] = useState<string | null>(null);
  const disabled = !state.controller;
  const panelButton = (panel: Exclude<ToolPanel, null>, label: string) => (
    <Button
      size="xs"
      variant={state.panel === panel ? 'filled' : 'default'}
      aria-pressed={state.panel === panel}
      disabled={disabled}
      data-testid={`bim-tool-${panel}`}
      onClick={() => {
        state.setPanel(state.panel === panel ? null : panel);
        state.setPicking(null);
      }}
    >
      {label}
    </Button>
  );
  const freeze = async () => {
    if (!state.engine) return;
    state.setWalking(false);
    const blob = await captureFrozenView(state.engine);
    setMarkup(URL.createObjectURL(blob));
  };
  return (
    <>
      <Group
        gap="xs"
        role="toolbar"
        aria-label={t('tools.toolbar')}
        data-testid="bim-tools"
        onKeyDown={onToolbarKeyDown}
      >
        {panelButton('section', t('tools.section'))}
        {panelButton('classes', t('tools.classes'))}
        <Button
          size="xs"
          variant={state.ghost ? 'filled' : 'default'}
          aria-pressed={state.ghost}
          disabled={disabled || (!state.ghost && !state.hasSelection)}
          data-testid="bim-tool-ghost"
          onClick={() => state.setGhost(!state.ghost)}
        >
          {t('tools.ghost')}
        </Button>
        {panelButton('measure', t('tools.measure'))}
        {panelButton('plan', t('tools.plan'))}
        <Button
          size="xs"
          variant={state.walking ? 'filled' : 'default'}
          aria-pressed={state.walking}
          disabled={disabled}
          data-testid="bim-tool-walk"
          onClick={() => state.setWalking(!state.walking)}
        >
          {t('tools.walk')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          data-testid="bim-tool-markup"
          onClick={() => void freeze()}
        >
          {t('tools.markup')}
        </Button>
      </Group>
      {markup && state.engine && (
        <MarkupDialog
          src={markup}
          onClose={(image) => {
            if (image && state.engine)
              rememberMarkedUpSnapshot(state.engine, state.engine.getCamera(), image);
            URL.revokeObjectURL(markup);
            setMarkup(null);
          }}
        />
      )}
    </>
  );
}

/** The markup editor over the frozen view; on closing, the marked-up image (if any was drawn) is handed back. */
function MarkupDialog({ src, onClose }: { src: string; onClose: (image: Blob | null) => void }) {
  const { t } = useTranslation('bim');
  const handle = useRef<MarkupEditorHandle | null>(null);
  const images = useRef([{ src }]).current;
  const output = () => {
    const out = handle.current?.save();
    return out ? dataUrlToBlob(out.markedUpDataUrl) : null;
  };
  const download = () => {
    const image = output();
    if (!image) return;
    const url = URL.createObjectURL(image);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'model-markup.png';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Modal opened onClose={() => onClose(output())} title={t('tools.markupTitle')} size="90%" centered>
      <Box data-testid="bim-markup">
        <MarkupEditor ref={handle} images={images} editing height="65vh" />
      </Box>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={download} data-testid="bim-markup-download">
          {t('tools.markupDownload')}
        </Button>
        <Button onClick={() => onClose(output())} data-testid="bim-markup-done">
          {t('tools.markupDone')}
        </Button>
      </Group>
    </Modal>
  );
}

function SectionPanel({ state }: { state: ToolsState }) {
  const { t } = useTranslation('bim');
  const range = Math.max(1, Math.ceil(state.modelSize / 2));
  return (
    <Stack gap="xs">
      <Button
        size="xs"
        variant={state.picking === 'section' ? 'filled' : 'default'}
        aria-pressed={state.picking === 'section'}
        data-testid="bim-section-add"
        onClick={() => state.setPicking(state.picking === 'section' ? null : 'section')}
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
                onClick={() =>
                  state.setPlanes(
                    state.planes.map((p) =>
                      p === plane ? { base: flipPlane(p.base), offset: -p.offset } : p,
                    ),
                  )
                }
              >
                {t('tools.flip')}
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                color="red"
                data-testid="bim-section-delete"
                onClick={() => state.setPlanes(state.planes.filter((p) => p !== plane))}
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
            onChange={(offset) =>
              state.setPlanes(state.planes.map((p) => (p === plane ? { ...p, offset } : p)))
            }
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
            onClick={() => state.setBox([])}
          >
            {t('tools.sectionBoxRemove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ClassesPanel({ state }: { state: ToolsState }) {
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

function MeasurePanel({ state }: { state: ToolsState }) {
  const { t, i18n } = useTranslation('bim');
  const open = state.measurements.find((m) => !m.done);
  const pick = (kind: 'distance' | 'area') => {
    state.setMeasurements(state.measurements.filter((m) => m.done));
    state.setPicking(state.picking === kind ? null : kind);
  };
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
            onClick={() => pick(kind)}
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
          onClick={() =>
            state.setMeasurements(state.measurements.map((m) => (m === open ? { ...m, done: true } : m)))
          }
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
          const value = measureValue(m, i18n.language);
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
                onClick={() => state.setMeasurements(state.measurements.filter((x) => x !== m))}
              />
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

function PlanPanel({ state }: { state: ToolsState }) {
  const { t } = useTranslation('bim');
  return (
    <Stack gap={4}>
      {state.storeys.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('tools.planNone')}
        </Text>
      )}
      {state.storeys.map((storey) => {
        const key = `${storey.modelId}:${storey.node.id}`;
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

const PANEL_TITLES: Record<Exclude<ToolPanel, null>, string> = {
  section: 'tools.section',
  classes: 'tools.classesTitle',
  measure: 'tools.measure',
  plan: 'tools.planTitle',
};

/**
 * Over the canvas: the open tool's panel (top left), the measurements drawn where they are in the model with
 * their values, and the first-person hint. The drawing follows the camera.
 */
export function BimToolsOverlay({ state }: { state: ToolsState }) {
  const { t, i18n } = useTranslation('bim');
  const controller = state.controller;
  const engine = state.engine;
  // Drawn again on every camera change and resize, so that the labels follow the model (here only: the viewer
  // around does not re-render while orbiting).
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!engine) return;
    const onChange = () => setTick((n) => n + 1);
    engine.controls.addEventListener('change', onChange);
    const observer = new ResizeObserver(onChange);
    observer.observe(engine.renderer.domElement);
    return () => {
      engine.controls.removeEventListener('change', onChange);
      observer.disconnect();
    };
  }, [engine]);
  const camera = engine?.activeCamera;
  const view = camera
    ? {
        kind: 'isOrthographicCamera' in camera ? 'orthographic' : 'perspective',
        position: camera.position.toArray(),
        direction: camera.getWorldDirection(camera.position.clone()).toArray(),
      }
    : null;
  return (
    <>
      <svg
        data-testid="bim-tools-overlay"
        data-view={view ? JSON.stringify(view) : undefined}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      >
        {controller &&
          state.measurements.map((m) => {
            const points = m.points.map((p) => controller.toScreen(p));
            if (points.some((p) => !p)) return null;
            const xy = points as { x: number; y: number }[];
            const value = measureValue(m, i18n.language);
            const at = xy.reduce((a, p) => ({ x: a.x + p.x / xy.length, y: a.y + p.y / xy.length }), {
              x: 0,
              y: 0,
            });
            const path = xy.map((p) => `${p.x},${p.y}`).join(' ');
            return (
              <g key={m.id}>
                {m.kind === 'area' && xy.length >= 3 ? (
                  <polygon points={path} fill="rgba(240,140,0,0.25)" stroke="#f08c00" strokeWidth={2} />
                ) : (
                  <polyline points={path} fill="none" stroke="#f08c00" strokeWidth={2} />
                )}
                {xy.map((p, i) => (
                  <circle key={i} cx={p.x} cy={p.y} r={4} fill="#fff" stroke="#f08c00" strokeWidth={2} />
                ))}
                {value && (
                  <text
                    x={at.x}
                    y={at.y - 8}
                    textAnchor="middle"
                    fontSize={13}
                    fontWeight={700}
                    fill="#1a1b1e"
                    stroke="#fff"
                    strokeWidth={3}
                    paintOrder="stroke"
                  >
                    {value}
                  </text>
                )}
              </g>
            );
          })}
      </svg>
      {state.panel && (
        <Paper
          shadow="sm"
          p="xs"
          withBorder
          pos="absolute"
          top={8}
          left={8}
          w={250}
          data-testid={`bim-panel-${state.panel}`}
          style={{ zIndex: 2 }}
        >
          <Group justify="space-between" mb={6}>
            <Text fw={600} size="sm">
              {t(PANEL_TITLES[state.panel])}
            </Text>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('tools.closePanel')}
              onClick={() => {
                state.setPanel(null);
                state.setPicking(null);
              }}
            >
              ×
            </ActionIcon>
          </Group>
          {state.panel === 'section' && <SectionPanel state={state} />}
          {state.panel === 'classes' && <ClassesPanel state={state} />}
          {state.panel === 'measure' && <MeasurePanel state={state} />}
          {state.panel === 'plan' && <PlanPanel state={state} />}
        </Paper>
      )}
      {state.walking && (
        <Text
          size="xs"
          pos="absolute"
          bottom={8}
          left={8}
          px={6}
          py={2}
          bg="rgba(255,255,255,0.85)"
          data-testid="bim-walk-hint"
          style={{ borderRadius: 4 }}
        >
          {t('tools.walkHint')}
        </Text>
      )}
    </>
  );
}
