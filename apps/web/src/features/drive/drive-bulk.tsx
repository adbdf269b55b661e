import { Alert, Button, Menu, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus, DocumentVisibility } from '@obra/domain';
import type { ProjectDetails } from '../projects/project-context.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { api } from '../../lib/api/rest-client.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';
import type { DriveAuthorization, DriveFile } from './drive-api.ts';
import { DriveFieldsDialog, editableDriveFields, type DriveFieldsChange } from './drive-fields-dialog.tsx';
import type { useBulkDownload } from './bulk-download.tsx';
import { FileBulkBar } from './file-list-bars.tsx';
import type { FileBrowser } from './use-file-browser.ts';

/** The drive's dialogs: the fields of the chosen documents, or the delete of the deletable ones. */
export type DriveDialog = 'fields' | 'delete';

type DriveBrowser = FileBrowser<DriveFile, DriveDialog>;
type BulkChange = { newStatus?: DocumentStatus; newVisibility?: DocumentVisibility } & DriveFieldsChange;

/** The bulk actions on the chosen documents: what failed stays chosen and is listed (drive-bulk-failures). */
export function useDriveBulk(projectId: number, browser: DriveBrowser) {
  const { t } = useTranslation(['drive', 'errors']);
  const { dispatch, chosen, state } = browser;
  const deletable = (state.files ?? []).filter((f) => state.selected.has(f.id) && f.permissions.delete);
  const run = async (send: () => Promise<{ failed: { fileId: number; code: string }[] }>) => {
    dispatch({ type: 'busy', busy: true });
    try {
      const result = await send();
      dispatch({ type: 'changed', failures: result.failed });
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  };
  const update = (change: BulkChange) =>
    run(() =>
      api.post('/project-drive/projects/{projectId}/files/bulk-update', {
        path: { projectId },
        body: { filesIds: chosen, ...change },
      }),
    );
  const remove = () =>
    run(() =>
      api.post('/project-drive/projects/{projectId}/files/bulk-delete', {
        path: { projectId },
        body: { filesIds: deletable.map((f) => f.id) },
      }),
    );
  return { deletable, update, remove };
}

type DriveBulk = ReturnType<typeof useDriveBulk>;

/** The bar of the chosen documents (drive-bulk-bar): status, visibility, fields, download, delete, clear. */
export function DriveBulkBar(props: {
  project: ProjectDetails;
  auth: DriveAuthorization | null;
  browser: DriveBrowser;
  bulk: DriveBulk;
  zip: ReturnType<typeof useBulkDownload>;
}) {
  const { t } = useTranslation(['drive']);
  const { auth, browser, bulk, zip } = props;
  const { chosen, dispatch } = browser;
  const busy = browser.state.busy;
  const active = !!auth?.projectActive;
  return (
    <FileBulkBar
      testId="drive-bulk-bar"
      count={chosen.length}
      selectedLabel={t('drive:bulk.selected', { count: chosen.length })}
      clearLabel={t('drive:bulk.clear')}
      onClear={() => dispatch({ type: 'clearSelection' })}
    >
      {auth && active && auth.statuses.length > 0 && (
        <BulkMenu
          testId="drive-bulk-status"
          label={t('drive:bulk.changeStatus')}
          busy={busy}
          items={auth.statuses.map((s) => ({ key: s, label: t(`drive:status.${s}`) }))}
          onChoose={(s) => void bulk.update({ newStatus: s })}
        />
      )}
      {auth && active && auth.visibilities.length > 0 && (
        <BulkMenu
          testId="drive-bulk-visibility"
          label={t('drive:bulk.changeVisibility')}
          busy={busy}
          items={auth.visibilities.map((v) => ({ key: v, label: t(`drive:visibility.${v}`) }))}
          onChoose={(v) => void bulk.update({ newVisibility: v })}
        />
      )}
      {auth && active && auth.visibilities.length > 0 && editableDriveFields(props.project).length > 0 && (
        <Button
          size="xs"
          variant="default"
          onClick={() => dispatch({ type: 'openDialog', dialog: 'fields' })}
          data-testid="drive-bulk-fields"
        >
          {t('drive:bulk.editFields')}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        onClick={() => void zip.start(chosen)}
        disabled={zip.processing}
        data-testid="drive-bulk-zip"
      >
        {t('drive:bulk.download')}
      </Button>
      {active && bulk.deletable.length > 0 && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => dispatch({ type: 'openDialog', dialog: 'delete' })}
          data-testid="drive-bulk-delete"
        >
          {t('drive:bulk.delete')}
        </Button>
      )}
    </FileBulkBar>
  );
}

/** The fields dialog, the delete confirmation and what the last bulk action could not do. */
export function DriveBulkDialogs(props: {
  project: ProjectDetails;
  auth: DriveAuthorization | null;
  browser: DriveBrowser;
  bulk: DriveBulk;
}) {
  const { t } = useTranslation(['drive', 'errors']);
  const { browser, bulk } = props;
  const { state, dispatch, chosen } = browser;
  const deletable = bulk.deletable.length;
  const close = () => dispatch({ type: 'closeDialog' });
  return (
    <>
      <DriveFieldsDialog
        opened={state.dialog === 'fields'}
        count={chosen.length}
        project={props.project}
        disciplineIds={props.auth?.uploadDisciplineIds ?? []}
        busy={state.busy}
        onApply={(change) => void bulk.update(change)}
        onClose={close}
      />
      <ConfirmDialog
        opened={state.dialog === 'delete'}
        title={t('drive:bulk.deleteTitle', { count: deletable })}
        message={
          deletable < chosen.length
            ? t('drive:bulk.deletePartial', { count: deletable, selected: chosen.length })
            : t('drive:bulk.deleteMessage', { count: deletable })
        }
        confirmLabel={t('drive:bulk.delete')}
        danger
        busy={state.busy}
        onConfirm={() => void bulk.remove()}
        onClose={close}
      />
    </>
  );
}

/** What the last bulk action could not change, file by file, with the reason. */
export function DriveBulkFailures(props: { browser: DriveBrowser }) {
  const { t } = useTranslation(['drive', 'errors']);
  const { state, dispatch } = props.browser;
  if (state.failures.length === 0) return null;
  const nameOf = (fileId: number) => state.files?.find((x) => x.id === fileId)?.fileName ?? `#${fileId}`;
  return (
    <Alert
      color="red"
      withCloseButton
      onClose={() => dispatch({ type: 'clearFailures' })}
      title={t('drive:bulk.someFailed')}
      data-testid="drive-bulk-failures"
    >
      {state.failures.map((f) => (
        <Text size="sm" key={f.fileId}>
          {nameOf(f.fileId)}: {t(`errors:${f.code}`)}
        </Text>
      ))}
    </Alert>
  );
}

/** A bulk bar's menu of one field's values (status, visibility): the button, then one item per value. */
function BulkMenu<K extends string>(props: {
  testId: string;
  label: string;
  busy: boolean;
  items: readonly { key: K; label: string }[];
  onChoose: (key: K) => void;
}) {
  return (
    <Menu>
      <Menu.Target>
        <Button size="xs" variant="default" loading={props.busy} data-testid={props.testId}>
          {props.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {props.items.map((item) => (
          <Menu.Item key={item.key} onClick={() => props.onChoose(item.key)}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
