import { Badge, Button, Group, Switch } from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentViewerAction, DocumentViewerState } from './document-viewer-model.ts';

/** Comparing: the overlay's filters, its colour legend, and the align tool with its reset. */
export function ViewerCompareBar(props: {
  readonly state: DocumentViewerState;
  readonly dispatch: Dispatch<DocumentViewerAction>;
  readonly onResetAlignment: () => void;
}) {
  const { state, dispatch } = props;
  const { filters } = state;
  const { t } = useTranslation('viewer');
  return (
    <Group gap="md" wrap="wrap">
      <Switch
        label={t('compare.whiteToTransparent')}
        checked={filters.whiteToTransparent}
        onChange={(event) =>
          dispatch({
            type: 'filters',
            filters: { ...filters, whiteToTransparent: event.currentTarget.checked },
          })
        }
      />
      <Switch
        label={t('compare.liftNearBlack')}
        checked={filters.liftNearBlack}
        onChange={(event) =>
          dispatch({ type: 'filters', filters: { ...filters, liftNearBlack: event.currentTarget.checked } })
        }
      />
      <Group gap={6}>
        <Badge color="red" variant="light">
          {t('compare.legendBase')}
        </Badge>
        <Badge color="cyan" variant="light">
          {t('compare.legendCompared')}
        </Badge>
        <Badge color="dark" variant="light">
          {t('compare.legendCommon')}
        </Badge>
      </Group>
      <Button
        size="xs"
        variant={state.aligning ? 'filled' : 'light'}
        onClick={() => dispatch({ type: 'toggleAlign' })}
        data-testid="align-button"
      >
        {t('align.start')}
      </Button>
      <Button size="xs" variant="subtle" onClick={props.onResetAlignment}>
        {t('align.reset')}
      </Button>
    </Group>
  );
}
