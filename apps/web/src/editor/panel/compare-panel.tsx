import { Fragment } from 'react';
import { Button, SegmentedControl, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompareState } from '../model/editor-state';
import { updateCompare } from '../model/view-actions';
import type { EditorController } from '../tools/editor-controller';

interface ComparePanelProps {
  readonly controller: EditorController;
  readonly compare: CompareState;
}

/** The two filters, each a switch named by its key. */
const FILTERS = ['whiteToTransparent', 'liftNearBlack'] as const;

/** The overlay's opacity and transform; the opacity slider shows no value bubble. */
const SLIDERS = [
  { key: 'overlayOpacity', label: 'opacity', min: 0, max: 1, step: 0.05, showValue: false },
  { key: 'overlayScale', label: 'overlayScale', min: 0.5, max: 2, step: 0.01, showValue: true },
  { key: 'overlayRotation', label: 'overlayRotation', min: -180, max: 180, step: 0.5, showValue: true },
] as const;

/** Compare settings: split or overlay, the two filters and the overlay's transform. */
export function ComparePanel({ controller, compare }: ComparePanelProps) {
  const { t } = useTranslation('editor');
  const change = (next: Partial<CompareState>) =>
    controller.store.update((state) => updateCompare(state, next));
  return (
    <Stack gap="xs" aria-label={t('compare.title')} role="group">
      <Title order={6}>{t('compare.title')}</Title>
      <SegmentedControl
        aria-label={t('compare.mode')}
        value={compare.mode}
        onChange={(mode) => change({ mode: mode === 'overlay' ? 'overlay' : 'split' })}
        data={[
          { value: 'split', label: t('compare.split') },
          { value: 'overlay', label: t('compare.overlay') },
        ]}
      />
      {FILTERS.map((key) => (
        <Switch
          key={key}
          label={t(`compare.${key}`)}
          checked={compare[key]}
          onChange={(event) => change({ [key]: event.currentTarget.checked })}
        />
      ))}
      {SLIDERS.map(({ key, label, min, max, step, showValue }) => (
        <Fragment key={key}>
          <Text size="sm">{t(`compare.${label}`)}</Text>
          <Slider
            min={min}
            max={max}
            step={step}
            value={compare[key]}
            onChange={(value) => change({ [key]: value })}
            label={showValue ? undefined : null}
          />
        </Fragment>
      ))}
      <Text size="xs" c="dimmed">
        {t('compare.alignHint')}
      </Text>
      <Button
        variant="subtle"
        size="xs"
        onClick={() => {
          change({ overlayScale: 1, overlayRotation: 0 });
          controller.store.update((state) => ({ ...state, backgroundOffset: { x: 0, y: 0 } }));
        }}
      >
        {t('compare.resetAlignment')}
      </Button>
    </Stack>
  );
}
