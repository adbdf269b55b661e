import { TEXT_LIMITS } from '@obra/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';

/**
 * A setup dialog holding a form (a FormDialog): its fields, the failed save, Cancel (off while saving) and Save (or
 * `submitLabel`). The browser's own validation is off; `onSubmit` checks the fields (showing their errors) and saves.
 */
export function SetupFormDialog({
  opened = true,
  submitLabel,
  ...dialog
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
    <FormDialog
      {...dialog}
      opened={opened}
      cancelLabel={t('common.cancel')}
      confirmLabel={submitLabel ?? t('common.save')}
      holdWhileBusy
      noValidate
    />
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
