import { Button, SegmentedControl, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompareState } from '../model/editor-state';
import { updateCompare } from '../model/view-actions';
import type { EditorController } from '../tools/editor-controller';

interface ComparePanelProps {
  readonly controller: EditorController;
  readonly compare: CompareState;
}

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
      <Switch
        label={t('compare.whiteToTransparent')}
        checked={compare.whiteToTransparent}
        onChange={(event) => change({ whiteToTransparent: event.currentTarget.checked })}
      />
      <Switch
        label={t('compare.liftNearBlack')}
        checked={compare.liftNearBlack}
        onChange={(event) => change({ liftNearBlack: event.currentTarget.checked })}
      />
      <Text size="sm">{t('compare.opacity')}</Text>
      <Slider
        min={0}
        max={1}
        step={0.05}
        value={compare.overlayOpacity}
        onChange={(overlayOpacity) => change({ overlayOpacity })}
        label={null}
      />
      <Text size="sm">{t('compare.overlayScale')}</Text>
      <Slider
        min={0.5}
        max={2}
        step={0.01}
        value={compare.overlayScale}
        onChange={(overlayScale) => change({ overlayScale })}
      />
      <Text size="sm">{t('compare.overlayRotation')}</Text>
      <Slider
        min={-180}
        max={180}
        step={0.5}
        value={compare.overlayRotation}
        onChange={(overlayRotation) => change({ overlayRotation })}
      />
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
