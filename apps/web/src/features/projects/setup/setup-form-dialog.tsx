import { TEXT_LIMITS } from '@obra/domain';
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';

/** The foot of a setup dialog: Cancel (closes; off while busy), then the dialog's own confirming button. */
export function DialogButtons({
  onCancel,
  busy,
  children,
}: {
  onCancel: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('projects');
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      {children}
    </Group>
  );
}

/**
 * A setup dialog holding a form: its fields, the failed save, Cancel and Save (or `submitLabel`). The browser's
 * own validation is off; `onSubmit` checks the fields (showing their errors) and saves.
 */
export function SetupFormDialog({
  opened = true,
  title,
  busy,
  error,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  opened?: boolean;
  title: string;
  busy: boolean;
  error?: unknown;
  submitLabel?: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('projects');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <FormError error={error} />
          <DialogButtons onCancel={onClose} busy={busy}>
            <Button type="submit" loading={busy}>
              {submitLabel ?? t('common.save')}
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * What a setup dialog editing a named value gets: its title, the value it opens with, whether a name is taken
 * already, the save's state (`busy`, `error`), the save and the closing.
 */
export interface NamedValueDialogProps<T> {
  title: string;
  initial: T;
  taken: (name: string) => boolean;
  busy: boolean;
  error: unknown;
  onSave: (value: T) => void;
  onClose: () => void;
}

/** The required name a setup dialog opens on (focused; its error shown once the form was submitted). */
export function SetupNameField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      required
      maxLength={TEXT_LIMITS.name}
      data-autofocus
    />
  );
}
