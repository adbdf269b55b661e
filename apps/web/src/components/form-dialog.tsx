import type { ReactNode } from 'react';
import { Modal, Stack } from '@mantine/core';
import { FormError } from './form-error.tsx';
import { ConfirmActions, type ConfirmActionsProps } from './confirm-actions.tsx';

/**
 * A centred dialog holding one form: its fields, the failed request's message, then Cancel and the confirming
 * button, which submits the form (Enter in a field does too). `onSubmit` runs the work; the dialog never submits
 * while `disabled`. `danger`: the confirming button is red (a removal). `noValidate`: the browser's own check of
 * the fields is off, for a dialog whose `onSubmit` checks them and shows their errors.
 */
export function FormDialog({
  opened,
  title,
  onClose,
  onSubmit,
  error,
  noValidate,
  size,
  children,
  ...foot
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  error?: unknown;
  noValidate?: boolean;
  size?: 'md' | 'lg';
  children: ReactNode;
} & Pick<
  ConfirmActionsProps,
  'cancelLabel' | 'confirmLabel' | 'busy' | 'disabled' | 'danger' | 'testId' | 'holdWhileBusy'
>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form
        noValidate={noValidate}
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
