import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { measurementValue, type ToolPanel } from './bim-tools-model.ts';
import { ClassesPanel, MeasurePanel, PlanPanel, SectionPanel } from './bim-tools-panels.tsx';
import type { ToolsState } from './use-bim-tools.tsx';

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
            const value = measurementValue(m, i18n.language);
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
              onClick={() => state.dispatch({ type: 'closePanel' })}
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
