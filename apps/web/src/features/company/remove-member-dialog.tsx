import { useState } from 'react';
import { Alert, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toUiError } from '../../lib/api-errors.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/**
 * Removing a member needs the confirmation word typed (editor §5.3). The word is translated, compared without
 * regard to case or surrounding spaces. Removing the last administrator (server INVALID_ACTION) says so.
 */
export function RemoveMemberDialog({
  opened,
  name,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('company');
  const [typed, setTyped] = useState('');
  const word = t('remove.word');
  const matches = typed.trim().toLowerCase() === word.toLowerCase();
  const lastAdmin = error !== null && error !== undefined && toUiError(error).code === 'INVALID_ACTION';
  return (
    <FormDialog
      opened={opened}
      title={t('remove.title')}
      onClose={onClose}
      onSubmit={onConfirm}
      error={lastAdmin ? null : error}
      cancelLabel={t('form.cancel')}
      confirmLabel={t('remove.confirm')}
      busy={busy}
      disabled={!matches}
      testId="remove-confirm"
      danger
    >
      <Text size="sm">{t('remove.message', { name })}</Text>
      <TextInput
        label={t('remove.typeWord', { word })}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        autoComplete="off"
        data-autofocus
        data-testid="remove-confirm-input"
      />
      {lastAdmin && (
        <Alert color="red" variant="light" role="alert" data-testid="form-error">
          {t('members.lastAdmin')}
        </Alert>
      )}
    </FormDialog>
  );
}
