import { ActionIcon, Button, Group, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BcfViewpoint } from '@obra/domain';
import { showErrorToast } from '../../lib/error-toast.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';
import { createView, deleteView, listViews, type BimSavedView, type BimViewTarget } from './bim-api.ts';

/**
 * The saved views of the model or federated model open in the viewer (editor §2.2 "Model viewer: views"): save
 * the current view (camera, visibility, selection, section planes as a BCF viewpoint) with a name, list the
 * project's views, open one, and delete one's own (a project manager deletes any) after a confirmation.
 */
export function BimViewsPanel({
  projectId,
  target,
  canWrite,
  capture,
  onOpen,
}: {
  projectId: number;
  target: BimViewTarget;
  canWrite: boolean;
  capture: () => Promise<BcfViewpoint | null>;
  onOpen: (view: BimSavedView) => void;
}) {
  const { t } = useTranslation(['bim', 'errors']);
  const [opened, setOpened] = useState(false);
  const [views, setViews] = useState<BimSavedView[] | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<BimSavedView | null>(null);
  const [busy, setBusy] = useState(false);
  const targetKey = JSON.stringify(target);

  const load = useCallback(async () => {
    try {
      setViews(await listViews(projectId, JSON.parse(targetKey) as BimViewTarget));
    } catch (error) {
      setViews([]);
      showErrorToast(t, error);
    }
  }, [projectId, targetKey, t]);

  useEffect(() => {
    if (opened) void load();
  }, [opened, load]);

  const save = async () => {
    const viewpoint = await capture();
    if (!viewpoint) return;
    setSaving(true);
    try {
      await createView(projectId, { name: name.trim(), viewpoint, ...target });
      setName('');
      await load();
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteView(projectId, removing.id);
      setRemoving(null);
      await load();
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* The panel stays open under the delete confirmation (a click in that dialog is not a click away), so that
          the list shows the view gone. */}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={340}
        shadow="md"
        trapFocus={removing === null}
        closeOnClickOutside={removing === null}
        closeOnEscape={removing === null}
      >
        <Popover.Target>
          <Button size="xs" variant="default" onClick={() => setOpened((o) => !o)} data-testid="bim-views">
            {t('views.title')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown data-testid="bim-views-panel">
          <Stack gap="xs">
            {canWrite && (
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  size="xs"
                  style={{ flex: 1 }}
                  label={t('views.name')}
                  value={name}
                  maxLength={120}
                  onChange={(e) => setName(e.currentTarget.value)}
                  data-testid="bim-view-name"
                />
                <Button
                  size="xs"
                  disabled={name.trim() === ''}
                  loading={saving}
                  onClick={() => void save()}
                  data-testid="bim-view-save"
                >
                  {t('views.save')}
                </Button>
              </Group>
            )}
            {views === null ? null : views.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('views.empty')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={320}>
                <Stack gap={4}>
                  {views.map((view) => (
                    <Group key={view.id} gap="xs" wrap="nowrap" data-testid="bim-view">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        style={{ flex: 1 }}
                        styles={{ inner: { justifyContent: 'flex-start' } }}
                        onClick={() => {
                          onOpen(view);
                          setOpened(false);
                        }}
                        title={view.createdByName ? t('views.by', { name: view.createdByName }) : undefined}
                        data-testid="bim-view-open"
                      >
                        {view.name}
                      </Button>
                      {canWrite && view.canDelete && (
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={t('views.delete', { name: view.name })}
                          onClick={() => setRemoving(view)}
                          data-testid="bim-view-delete"
                        >
                          ×
                        </ActionIcon>
                      )}
                    </Group>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <ConfirmDialog
        opened={removing !== null}
        title={t('views.deleteTitle')}
        message={t('views.deleteMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('views.deleteConfirm')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
