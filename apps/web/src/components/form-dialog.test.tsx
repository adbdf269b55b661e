import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderIssueUi } from '../features/issues/view/issue-test-utils.tsx';
import { FormDialog } from './form-dialog.tsx';

const SLOW = { timeout: 30_000 };

describe('FormDialog', SLOW, () => {
  const dialog = (props: {
    disabled: boolean;
    onSubmit: () => void;
    onClose?: () => void;
    error?: unknown;
  }) =>
    renderIssueUi(
      <FormDialog
        opened
        title="Name it"
        onClose={props.onClose ?? (() => undefined)}
        onSubmit={props.onSubmit}
        error={props.error ?? null}
        cancelLabel="Cancel"
        confirmLabel="Save"
        busy={false}
        disabled={props.disabled}
        testId="save"
      >
        <input aria-label="Name" />
      </FormDialog>,
    );

  it('submits from its button and from Enter in a field, and never while disabled', async () => {
    const onSubmit = vi.fn();
    const { unmount } = await dialog({ disabled: true, onSubmit });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Name' }));
    expect(onSubmit).not.toHaveBeenCalled();
    unmount();
    await dialog({ disabled: false, onSubmit });
    fireEvent.click(screen.getByTestId('save'));
    fireEvent.submit(screen.getByRole('textbox', { name: 'Name' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it("shows the failed request's message and closes from Cancel", async () => {
    const onClose = vi.fn();
    await dialog({
      disabled: false,
      onSubmit: () => undefined,
      onClose,
      error: new Error('Failed to fetch'),
    });
    expect(screen.getByTestId('form-error')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("a dialog that checks its own fields turns the browser's check off and holds its Cancel while saving", async () => {
    const onClose = vi.fn();
    await renderIssueUi(
      <FormDialog
        opened
        title="Name it"
        onClose={onClose}
        onSubmit={() => undefined}
        cancelLabel="Cancel"
        confirmLabel="Save"
        busy
        holdWhileBusy
        noValidate
      >
        <input aria-label="Name" required />
      </FormDialog>,
    );
    const form = screen.getByRole('textbox', { name: 'Name' }).closest('form');
    expect(form).toHaveAttribute('novalidate');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
