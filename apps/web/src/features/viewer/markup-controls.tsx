import { ActionIcon, Badge, Button, Group, Popover, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconScribble, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ViewerMarkup } from './viewer-api.ts';

/** A markup as shown on the sheet being viewed (carried over from an older revision or not). */
export type ShownMarkup = ViewerMarkup & { readonly revisionChanged: boolean };

export type MarkupListState =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'ready'; readonly items: readonly ViewerMarkup[] };

export interface MarkupControlsProps {
  readonly state: MarkupListState;
  readonly shown: readonly ShownMarkup[];
  readonly visible: boolean;
  readonly canDraw: boolean;
  readonly onVisible: (visible: boolean) => void;
  readonly onDraw: () => void;
  readonly onEdit: (markup: ViewerMarkup) => void;
  readonly onDelete: (markup: ViewerMarkup) => void;
  readonly onRetry: () => void;
}

/** Who a markup is for, in the list: mine (private, or shared with an issue) or someone's shared with an issue. */
function markupLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  markup: ShownMarkup,
): string {
  if (markup.issueId === null) return t('markups.mine');
  const issue = markup.issueCode ?? String(markup.issueId);
  return markup.mine
    ? t('markups.mineShared', { issue })
    : t('markups.theirs', { author: markup.authorName, issue });
}

/**
 * The viewer's markup controls: draw a markup (markup mode), show or hide the markups, and the list of the page's
 * markups (mine to change or remove; others' shared with issues I see), those of older revisions marked.
 */
export function MarkupControls(props: MarkupControlsProps) {
  const { t } = useTranslation('viewer');
  const count = props.shown.length;
  return (
    <Group gap="xs" wrap="wrap">
      {props.canDraw && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconScribble size={16} />}
          onClick={props.onDraw}
          data-testid="markup-start"
        >
          {t('markups.draw')}
        </Button>
      )}
      <Popover position="bottom-start" shadow="md" width={340} trapFocus>
        <Popover.Target>
          <Button size="xs" variant="subtle" data-testid="markups-button">
            {props.state.status === 'loading' ? t('markups.loading') : t('markups.count', { count })}
          </Button>
        </Popover.Target>
        <Popover.Dropdown data-testid="markups-list">
          <MarkupList {...props} />
        </Popover.Dropdown>
      </Popover>
      <Switch
        size="xs"
        label={t('markups.show')}
        checked={props.visible}
        onChange={(event) => props.onVisible(event.currentTarget.checked)}
        data-testid="markups-visible"
      />
    </Group>
  );
}

function MarkupList(props: MarkupControlsProps) {
  const { t } = useTranslation('viewer');
  if (props.state.status === 'error')
    return (
      <Stack gap="xs">
        <Text size="sm" c="red" role="alert">
          {t('markups.loadError')}
        </Text>
        <Button size="compact-xs" variant="light" onClick={props.onRetry}>
          {t('markups.retry')}
        </Button>
      </Stack>
    );
  if (props.state.status === 'loading')
    return (
      <Text size="sm" c="dimmed">
        {t('markups.loading')}
      </Text>
    );
  if (props.shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('markups.none')}
      </Text>
    );
  return (
    <Stack gap={6}>
      {props.shown.map((markup) => (
        <Group key={markup.id} gap="xs" wrap="nowrap" justify="space-between" data-testid="markup-row">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {markupLabel(t, markup)}
            </Text>
            {markup.revisionChanged && (
              <Badge size="xs" color="yellow" variant="light" data-testid="markup-revision-changed">
                {t('markups.changed', { revision: markup.revision })}
              </Badge>
            )}
          </Stack>
          {markup.mine && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('markups.edit')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('markups.edit')}
                  disabled={!props.canDraw}
                  onClick={() => props.onEdit(markup)}
                  data-testid="markup-edit"
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('markups.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('markups.delete')}
                  onClick={() => props.onDelete(markup)}
                  data-testid="markup-delete"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}
