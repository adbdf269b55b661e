import { Group, NumberInput, SegmentedControl, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import {
  choiceKey,
  parseChoice,
  type CompareMode,
  type DocumentViewerAction,
  type DocumentViewerState,
} from './document-viewer-model.ts';
import type { ViewerDocument } from './viewer-api.ts';
import { ViewerIconButton } from './viewer-icon-button.tsx';

/** The viewer's top row: the revision, the compare mode and the sheet compared, the page and its indicator. */
export function ViewerToolbar(props: {
  readonly state: DocumentViewerState;
  readonly dispatch: Dispatch<DocumentViewerAction>;
  readonly documents: readonly ViewerDocument[];
  readonly sources: readonly { value: string; label: string }[];
  readonly shownPage: number;
  readonly pageCount: number;
}) {
  const { state, dispatch, sources, shownPage, pageCount } = props;
  const { t } = useTranslation('viewer');
  const canCompare = sources.length > 1;
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label={t('revision.label')}
        data-testid="revision-select"
        value={choiceKey(state.base)}
        data={sources}
        allowDeselect={false}
        onChange={(value) => {
          const choice = parseChoice(value);
          if (choice) dispatch({ type: 'chooseBase', choice });
        }}
        w={240}
      />
      {canCompare && (
        <SegmentedControl
          aria-label={t('compare.mode')}
          value={state.mode}
          onChange={(value) =>
            dispatch({ type: 'mode', mode: value as CompareMode, documents: props.documents })
          }
          data={[
            { value: 'single', label: t('compare.single') },
            { value: 'overlay', label: t('compare.overlay') },
            { value: 'sideBySide', label: t('compare.sideBySide') },
          ]}
        />
      )}
      {state.mode !== 'single' && (
        <Select
          aria-label={t('compare.with')}
          data-testid="compared-select"
          value={choiceKey(state.compared)}
          data={sources.filter((s) => s.value !== choiceKey(state.base))}
          allowDeselect={false}
          onChange={(value) => dispatch({ type: 'chooseCompared', choice: parseChoice(value) })}
          w={240}
        />
      )}
      <Group gap={4} wrap="nowrap" ml="auto">
        <ViewerIconButton
          label={t('page.previous')}
          icon={IconChevronLeft}
          disabled={shownPage <= 1}
          onClick={() => dispatch({ type: 'previousPage' })}
        />
        <NumberInput
          aria-label={t('page.number')}
          data-testid="page-input"
          value={shownPage}
          min={1}
          max={pageCount}
          clampBehavior="strict"
          allowDecimal={false}
          hideControls
          w={60}
          onChange={(value) => typeof value === 'number' && dispatch({ type: 'goToPage', page: value })}
        />
        <Text size="sm" data-testid="page-indicator" aria-live="polite">
          {t('page.indicator', { page: shownPage, count: pageCount })}
        </Text>
        <ViewerIconButton
          label={t('page.next')}
          icon={IconChevronRight}
          disabled={shownPage >= pageCount}
          onClick={() => dispatch({ type: 'nextPage' })}
        />
      </Group>
    </Group>
  );
}
