import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderIssueUi } from '../features/issues/view/issue-test-utils.tsx';
import { ConfirmActions } from './confirm-actions.tsx';

const SLOW = { timeout: 30_000 };

describe('ConfirmActions', SLOW, () => {
  it("a dialog's foot: Cancel stays usable while the work runs, the confirming button is busy", async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    await renderIssueUi(
      <ConfirmActions
        cancelLabel="Cancel"
        onCancel={onCancel}
        confirmLabel="Apply"
        onConfirm={onConfirm}
        busy
        testId="apply"
      />,
    );
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('apply')).toHaveAttribute('data-loading', 'true');
    expect(screen.getByTestId('apply')).toHaveAttribute('type', 'button');
  });

  it('a dialog that holds while busy keeps its way out until the work is done', async () => {
    const onCancel = vi.fn();
    const dialog = (busy: boolean) =>
      renderIssueUi(
        <ConfirmActions
          holdWhileBusy
          cancelLabel="Cancel"
          onCancel={onCancel}
          confirmLabel="Save"
          onConfirm={() => undefined}
          busy={busy}
        />,
      );
    const { unmount } = await dialog(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).not.toHaveBeenCalled();
    unmount();
    await dialog(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('a card keeps its draft while the work runs, and a disabled confirm does nothing', async () => {
    const onConfirm = vi.fn();
    const card = (state: { busy: boolean; disabled?: boolean }) =>
      renderIssueUi(
        <ConfirmActions
          card
          cancelLabel="Discard"
          onCancel={() => undefined}
          confirmLabel="Post"
          onConfirm={onConfirm}
          testId="post"
          {...state}
        />,
      );
    const { unmount } = await card({ busy: true });
    expect(screen.getByRole('button', { name: 'Discard' })).toBeDisabled();
    unmount();
    await card({ busy: false, disabled: true });
    expect(screen.getByRole('button', { name: 'Discard' })).toBeEnabled();
    fireEvent.click(screen.getByTestId('post'));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("submits its form when asked to, and a deletion's button is red", async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    await renderIssueUi(
      <form onSubmit={onSubmit}>
        <ConfirmActions
          cancelLabel="Cancel"
          onCancel={() => undefined}
          confirmLabel="Delete"
          submit
          danger
          busy={false}
          testId="delete"
        />
      </form>,
    );
    const button = screen.getByTestId('delete');
    expect(button).toHaveAttribute('type', 'submit');
    expect(button.getAttribute('style') ?? '').toContain('red');
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a question with no field gives its confirming button the focus only when asked', async () => {
    const foot = (autoFocus: boolean) =>
      renderIssueUi(
        <ConfirmActions
          cancelLabel="Cancel"
          onCancel={() => undefined}
          confirmLabel="Archive"
          onConfirm={() => undefined}
          busy={false}
          autoFocus={autoFocus}
        />,
      );
    const { unmount } = await foot(true);
    expect(screen.getByRole('button', { name: 'Archive' })).toHaveAttribute('data-autofocus');
    expect(screen.getByRole('button', { name: 'Cancel' })).not.toHaveAttribute('data-autofocus');
    unmount();
    await foot(false);
    expect(screen.getByRole('button', { name: 'Archive' })).not.toHaveAttribute('data-autofocus');
  });
});
