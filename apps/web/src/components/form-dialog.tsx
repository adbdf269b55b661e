import type { ReactNode } from 'react';
import { Modal, Stack } from '@mantine/core';
import { FormError } from './form-error.tsx';
import { ConfirmActions, type ConfirmActionsProps } from './confirm-actions.tsx';

/**
 * A centred dialog holding one form: its fields, the failed request's message, then Cancel and the confirming
 * button, which submits the form (Enter in a field does too). `onSubmit` runs the work; the dialog never submits
 * while `disabled`. `danger`: the confirming button is red (a removal).
 */
export function FormDialog({
  opened,
  title,
  onClose,
  onSubmit,
  error,
  children,
  ...foot
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  error: unknown;
  children: ReactNode;
} & Pick<ConfirmActionsProps, 'cancelLabel' | 'confirmLabel' | 'busy' | 'disabled' | 'danger' | 'testId'>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (foot.disabled !== true) onSubmit();
        }}
      >
        <Stack gap="sm">
          {children}
          <FormError error={error} />
          <ConfirmActions {...foot} onCancel={onClose} submit />
        </Stack>
      </form>
    </Modal>
  );
}
