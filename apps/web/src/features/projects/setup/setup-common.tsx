import { useState, type ReactNode } from 'react';
import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  SettingsLayout,
  type SettingsAction,
  type SettingsEditMode,
} from '../../../components/settings-layout/settings-layout.tsx';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PROJECT_ACTIVE } from '../project-sections.ts';
import { useProject } from '../project-context.ts';
import { useSetupArea } from './setup-area.ts';

/** A mutation result as urql returns it. */
interface MutationResult {
  error?: unknown;
}

/** How a setup write reports: errors in a toast (default) or kept for the open dialog; what to reload after. */
export interface SetupActionOptions {
  inlineErrors?: boolean;
  /** Replaces the reload of the project, for screens that load their own data. */
  onDone?: () => void;
}

/** Runs a setup write: busy flag, error toast (or inline error), success toast and a reload. */
export function useSetupAction(options: SetupActionOptions = {}): {
  busy: boolean;
  error: unknown;
  clearError: () => void;
  run: (work: () => Promise<MutationResult>) => Promise<boolean>;
} {
  const { t } = useTranslation('projects');
  const { reload } = useProject();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (work: () => Promise<MutationResult>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await work();
      if (result.error) throw result.error;
      notifications.show({ color: 'teal', message: t('setup.saved') });
      (options.onDone ?? reload)();
      return true;
    } catch (failure) {
      if (options.inlineErrors) setError(failure);
      else showErrorToast(t, failure);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(null), run };
}

/** A setup screen in the generic settings layout (editor §2.3), with the read-only notices every screen shares. */
export function SetupScreen({
  section,
  canWrite,
  primary,
  editMode,
  search,
  children,
}: {
  section: string;
  canWrite: boolean;
  primary?: SettingsAction;
  editMode?: SettingsEditMode;
  search?: { value: string; onChange: (value: string) => void; placeholder?: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const navigate = useNavigate();
  const { closeTo } = useSetupArea();
  const inactive = project.status !== PROJECT_ACTIVE;
  return (
    <SettingsLayout
      title={t(`setup.${section}.title`)}
      avatar={{ name: project.name, src: project.image }}
      onClose={() => void navigate(closeTo)}
      search={search}
      primary={canWrite && !inactive ? primary : undefined}
      editMode={canWrite && !inactive ? editMode : undefined}
    >
      <Stack gap="md">
        {!canWrite && (
          <Alert color="gray" variant="light" data-testid="setup-read-only">
            {t('setup.readOnly')}
          </Alert>
        )}
        {canWrite && inactive && section !== 'profile' && (
          <Alert color="orange" variant="light" data-testid="setup-inactive">
            {t('setup.inactive')}
          </Alert>
        )}
        {children}
      </Stack>
    </SettingsLayout>
  );
}

/** Whether the caller may write the project's setup now (allowed and the project active). */
export function useCanSetup(): boolean {
  const { project } = useProject();
  return project.permissions.canSetup && project.status === PROJECT_ACTIVE;
}

/** What every confirmation dialog gets: its title and message, the step's state, the step and the closing. */
interface ConfirmProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  busy?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation before a destructive or important step. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmProps & { confirmLabel: string; danger?: boolean }) {
  const { t } = useTranslation('projects');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <FormError error={error} />
        <ConfirmActions
          cancelLabel={t('common.cancel')}
          onCancel={onClose}
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          busy={busy === true}
          holdWhileBusy
          danger={danger === true}
          autoFocus
        />
      </Stack>
    </Modal>
  );
}

/** Removal that needs the confirmation word typed (editor §5.3). */
export function TypedConfirmDialog({
  message,
  word,
  busy,
  onConfirm,
  ...dialog
}: ConfirmProps & { word: string }) {
  const { t } = useTranslation('projects');
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === word.toLowerCase();
  return (
    <FormDialog
      {...dialog}
      onSubmit={onConfirm}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('common.remove')}
      busy={busy === true}
      disabled={!matches}
      holdWhileBusy
      danger
    >
      <Text size="sm">{message}</Text>
      <TextInput
        label={t('common.typeToConfirm', { word })}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        data-autofocus
        autoComplete="off"
      />
    </FormDialog>
  );
}
