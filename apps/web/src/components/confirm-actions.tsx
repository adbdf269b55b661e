import { Button, Group } from '@mantine/core';

/** What ConfirmActions takes (FormDialog passes its own on). */
export interface ConfirmActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  onConfirm?: () => void;
  busy: boolean;
  disabled?: boolean | undefined;
  testId?: string | undefined;
  card?: boolean;
  holdWhileBusy?: boolean;
  danger?: boolean;
  submit?: boolean;
  /** The confirming button takes the focus when the dialog opens (a question with no field). */
  autoFocus?: boolean;
}

/**
 * The foot of a dialog or a card that acts: a way out (Cancel, Discard) and the confirming button, busy while its
 * work runs and disabled while it cannot run. In a dialog the way out closes it at any time; a `card` (the
 * assistant's drafts) has smaller buttons and keeps its draft while the work runs; `holdWhileBusy` keeps a dialog
 * open the same way (a save that is not abandoned half-way). `danger`: the confirming button is red (a deletion);
 * `submit`: it submits the dialog's form (which then does the work) instead of `onConfirm`.
 */
export function ConfirmActions(props: ConfirmActionsProps) {
  const size = props.card ? 'xs' : 'sm';
  return (
    <Group justify="flex-end" gap={props.card ? 'xs' : 'md'}>
      <Button
        variant={props.card ? 'subtle' : 'default'}
        size={size}
        onClick={props.onCancel}
        disabled={(props.card === true || props.holdWhileBusy === true) && props.busy}
      >
        {props.cancelLabel}
      </Button>
      <Button
        type={props.submit ? 'submit' : 'button'}
        color={props.danger ? 'red' : undefined}
        size={size}
        onClick={props.onConfirm}
        loading={props.busy}
        disabled={props.disabled}
        data-testid={props.testId}
        data-autofocus={props.autoFocus === true ? true : undefined}
      >
        {props.confirmLabel}
      </Button>
    </Group>
  );
}
