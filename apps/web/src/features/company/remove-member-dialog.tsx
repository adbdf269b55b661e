import { useState } from 'react';
import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toUiError } from '../../lib/api-errors.ts';
import { FormError } from '../../components/form-error.tsx';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

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
  return (
    <Modal opened={opened} onClose={onClose} title={t('remove.title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (matches) onConfirm();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('remove.message', { name })}</Text>
          <TextInput
            label={t('remove.typeWord', { word })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            data-testid="remove-confirm-input"
          />
          {error !== null && error !== undefined && toUiError(error).code === 'INVALID_ACTION' ? (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {t('members.lastAdmin')}
            </Alert>
          ) : (
            <FormError error={error} />
          )}
          <ConfirmActions
            cancelLabel={t('form.cancel')}
            onCancel={onClose}
            confirmLabel={t('remove.confirm')}
            busy={busy}
            disabled={!matches}
            testId="remove-confirm"
            submit
            danger
          />
        </Stack>
      </form>
    </Modal>
  );
}
