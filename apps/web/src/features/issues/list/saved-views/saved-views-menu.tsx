import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBookmark,
  IconBookmarkPlus,
  IconCheck,
  IconDeviceFloppy,
  IconPencil,
  IconShare,
  IconShareOff,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { SAVED_VIEW_NAME_MAX } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  CreateSavedViewDocument,
  DeleteSavedViewDocument,
  SavedViewsDocument,
  UpdateSavedViewDocument,
} from '../../../../gql/generated.ts';
import { FormError } from '../../../../components/form-error.tsx';
import { ConfirmActions } from '../../../../components/confirm-actions.tsx';
import { showErrorToast } from '../../../../lib/error-toast.ts';
import {
  groupViews,
  showsView,
  toSavedFilter,
  viewState,
  type ListViewState,
  type SavedViewData,
} from './saved-views-model.ts';

type Dialog =
  { kind: 'create' } | { kind: 'rename'; view: SavedViewData } | { kind: 'delete'; view: SavedViewData };

/**
 * The views menu of the issue list (issue 21): the caller's saved views and the project's shared ones; picking
 * one applies its filter, sort, columns and display; the current list can be saved as a new view or over the
 * view it came from; own views can be renamed, shared (managers) and deleted. Demo accounts are shared by many
 * people, so they only read views (the server refuses the rest with FORBIDDEN_DEMO_MODE).
 */
export function SavedViewsMenu({
  projectId,
  current,
  canShare,
  readOnly,
  onApply,
}: {
  projectId: number;
  current: ListViewState;
  canShare: boolean;
  readOnly: boolean;
  onApply: (state: ListViewState) => void;
}) {
  const { t } = useTranslation('everyday');
  const [{ data, error, fetching }, reload] = useQuery({
    query: SavedViewsDocument,
    variables: { projectId },
  });
  const [, createView] = useMutation(CreateSavedViewDocument);
  const [, updateView] = useMutation(UpdateSavedViewDocument);
  const [, deleteView] = useMutation(DeleteSavedViewDocument);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The view the user picked last: "save" writes over it while the list differs from it.
  const [baseId, setBaseId] = useState<number | null>(null);
  const views = useMemo(() => data?.savedViews ?? [], [data]);
  // The view the list shows: the one picked or saved last when it still matches (two views may hold the same
  // list), else the first that does.
  const active =
    views.find((v) => v.id === baseId && showsView(current, v)) ??
    views.find((v) => showsView(current, v)) ??
    null;
  const base = views.find((v) => v.id === baseId && v.own) ?? null;
  const { own, shared } = groupViews(views);
  const refresh = () => reload({ requestPolicy: 'network-only' });

  const content = () => ({
    filter: toSavedFilter(current.filter),
    columns: [...current.columns],
    viewMode: current.viewMode,
  });

  const apply = (view: SavedViewData) => {
    setBaseId(view.id);
    onApply(viewState(view));
  };

  const saveOver = async (view: SavedViewData) => {
    const result = await updateView({ projectId, viewId: view.id, input: content() });
    if (result.error) return showErrorToast(t, result.error);
    refresh();
    notifications.show({ color: 'green', message: t('views.updated', { name: view.name }) });
  };

  const setShared = async (view: SavedViewData, value: boolean) => {
    const result = await updateView({ projectId, viewId: view.id, input: { shared: value } });
    if (result.error) return showErrorToast(t, result.error);
    refresh();
    notifications.show({
      color: 'green',
      message: t(value ? 'views.sharedDone' : 'views.unsharedDone', { name: view.name }),
    });
  };

  const item = (view: SavedViewData) => (
    <Menu.Item
      key={view.id}
      onClick={() => apply(view)}
      leftSection={active?.id === view.id ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
      rightSection={
        view.own && view.shared ? <IconUsers size={14} aria-label={t('views.sharedBadge')} /> : null
      }
      aria-current={active?.id === view.id ? 'true' : undefined}
      data-testid="saved-view-item"
    >
      <Text size="sm" truncate maw={240}>
        {view.name}
      </Text>
      {!view.own && view.ownerName && (
        <Text size="xs" c="dimmed" truncate maw={240}>
          {t('views.by', { name: view.ownerName })}
        </Text>
      )}
    </Menu.Item>
  );

  const label = active?.name ?? (base ? t('views.modified', { name: base.name }) : t('views.button'));
  return (
    <>
      <Menu position="bottom-start" shadow="md" width={280} closeOnItemClick>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark size={16} />}
            data-testid="saved-views-button"
            aria-label={t('views.buttonLabel', { name: label })}
            maw={{ base: 140, sm: 260 }}
          >
            <Text span size="sm" truncate>
              {label}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="saved-views-menu">
          {error && !data && (
            <Text size="sm" c="red" p="xs">
              {t('views.loadError')}
            </Text>
          )}
          {fetching && !data && (
            <Text size="sm" c="dimmed" p="xs">
              {t('views.loading')}
            </Text>
          )}
          {data && views.length === 0 && (
            <Text size="sm" c="dimmed" p="xs" data-testid="saved-views-empty">
              {readOnly ? t('views.emptyReadOnly') : t('views.empty')}
            </Text>
          )}
          {own.length > 0 && <Menu.Label>{t('views.mine')}</Menu.Label>}
          {own.map(item)}
          {shared.length > 0 && <Menu.Label>{t('views.shared')}</Menu.Label>}
          {shared.map(item)}
          {!readOnly && (
            <>
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconBookmarkPlus size={14} />}
                onClick={() => setDialog({ kind: 'create' })}
                data-testid="saved-view-create"
              >
                {t('views.saveNew')}
              </Menu.Item>
              {base && !active && (
                <Menu.Item
                  leftSection={<IconDeviceFloppy size={14} />}
                  onClick={() => void saveOver(base)}
                  data-testid="saved-view-update"
                >
                  {t('views.saveOver', { name: base.name })}
                </Menu.Item>
              )}
              {active?.own && (
                <>
                  <Menu.Label>{active.name}</Menu.Label>
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setDialog({ kind: 'rename', view: active })}
                    data-testid="saved-view-rename"
                  >
                    {t('views.rename')}
                  </Menu.Item>
                  {canShare && (
                    <Menu.Item
                      leftSection={active.shared ? <IconShareOff size={14} /> : <IconShare size={14} />}
                      onClick={() => void setShared(active, !active.shared)}
                      data-testid="saved-view-share"
                    >
                      {active.shared ? t('views.unshare') : t('views.share')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setDialog({ kind: 'delete', view: active })}
                    data-testid="saved-view-delete"
                  >
                    {t('views.delete')}
                  </Menu.Item>
                </>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {(dialog?.kind === 'create' || dialog?.kind === 'rename') && (
        <NameDialog
          title={dialog.kind === 'create' ? t('views.saveNewTitle') : t('views.renameTitle')}
          initial={dialog.kind === 'rename' ? dialog.view.name : ''}
          canShare={dialog.kind === 'create' && canShare}
          onClose={() => setDialog(null)}
          onSubmit={async (name, share) => {
            const result =
              dialog.kind === 'create'
                ? await createView({ projectId, input: { name, ...content(), shared: share } })
                : await updateView({ projectId, viewId: dialog.view.id, input: { name } });
            if (result.error) return result.error;
            const saved =
              result.data && 'createSavedView' in result.data
                ? result.data.createSavedView
                : result.data && 'updateSavedView' in result.data
                  ? result.data.updateSavedView
                  : null;
            if (saved) setBaseId(saved.id);
            refresh();
            setDialog(null);
            notifications.show({ color: 'green', message: t('views.saved', { name }) });
            return null;
          }}
        />
      )}
      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={() => setDialog(null)}
        title={t('views.deleteTitle')}
      >
        {dialog?.kind === 'delete' && (
          <Stack gap="sm">
            <Text size="sm">{t('views.deleteConfirm', { name: dialog.view.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('views.cancel')}
              </Button>
              <Button
                color="red"
                data-testid="saved-view-delete-confirm"
                onClick={() => {
                  const view = dialog.view;
                  void deleteView({ projectId, viewId: view.id }).then((result) => {
                    if (result.error) return showErrorToast(t, result.error);
                    setDialog(null);
                    if (baseId === view.id) setBaseId(null);
                    refresh();
                    notifications.show({ color: 'green', message: t('views.deleted', { name: view.name }) });
                  });
                }}
              >
                {t('views.delete')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** Asks for a view's name (and, for managers creating one, whether to share it). */
function NameDialog({
  title,
  initial,
  canShare,
  onClose,
  onSubmit,
}: {
  title: string;
  initial: string;
  canShare: boolean;
  onClose: () => void;
  onSubmit: (name: string, share: boolean) => Promise<unknown>;
}) {
  const { t } = useTranslation('everyday');
  const [name, setName] = useState(initial);
  const [share, setShare] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const blank = name.trim().length === 0;
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (blank) return;
          setBusy(true);
          void onSubmit(name.trim(), share).then((problem) => {
            setBusy(false);
            setError(problem ?? null);
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('views.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={SAVED_VIEW_NAME_MAX}
            data-autofocus
            required
            data-testid="saved-view-name"
          />
          {canShare && (
            <Checkbox
              label={t('views.shareOnCreate')}
              description={t('views.shareHint')}
              checked={share}
              onChange={(e) => setShare(e.currentTarget.checked)}
              data-testid="saved-view-share-on-create"
            />
          )}
          <FormError error={error} />
          <ConfirmActions
            cancelLabel={t('views.cancel')}
            onCancel={onClose}
            confirmLabel={t('views.save')}
            submit
            busy={busy}
            disabled={blank}
            testId="saved-view-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
