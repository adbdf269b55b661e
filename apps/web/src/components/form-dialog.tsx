import type { ReactNode } from 'react';
import { Modal, Stack } from '@mantine/core';
import { FormError } from './form-error.tsx';
import { ConfirmActions } from './confirm-actions.tsx';

/**
 * A centred dialog holding one form: its fields, the failed request's message, then Cancel and the confirming
 * button, which submits the form (Enter in a field does too). `onSubmit` runs the work; the dialog never submits
 * while `disabled`. `danger`: the confirming button is red (a removal).
 */
export function FormDialog(props: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  error: unknown;
  cancelLabel: string;
  confirmLabel: string;
  busy: boolean;
  disabled?: boolean | undefined;
  danger?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (props.disabled !== true) props.onSubmit();
        }}
      >
        <Stack gap="sm">
          {props.children}
          <FormError error={props.error} />
          <ConfirmActions
            cancelLabel={props.cancelLabel}
            onCancel={props.onClose}
            confirmLabel={props.confirmLabel}
            busy={props.busy}
            disabled={props.disabled}
            testId={props.testId}
            danger={props.danger === true}
            submit
          />
        </Stack>
      </form>
    </Modal>
  );
}
