import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { InviteMemberDialog } from './invite-member-dialog.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

async function open(onInvite: (email: string, role: string) => void) {
  const dialog = (
    <InviteMemberDialog
      opened
      adminEmail="carla@acme.com"
      busy={false}
      error={null}
      onClose={() => undefined}
      onInvite={onInvite}
    />
  );
  await renderRoutes([{ path: '/', element: dialog }], '/', fakeSession());
  return userEvent.setup();
}

describe('InviteMemberDialog (editor §5.3)', SLOW, () => {
  it('invites an address of the company domain at once', async () => {
    const onInvite = vi.fn();
    const user = await open(onInvite);
    await user.type(await screen.findByLabelText(/^E-mail/), 'rui@acme.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(onInvite).toHaveBeenCalledWith('rui@acme.com', 'collaborator');
    expect(screen.queryByTestId('invite-domain-confirmation')).toBeNull();
  });

  it('asks whether an outside address really belongs to the company before inviting', async () => {
    const onInvite = vi.fn();
    const user = await open(onInvite);
    await user.type(await screen.findByLabelText(/^E-mail/), 'rui@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(onInvite).not.toHaveBeenCalled();
    expect(screen.getByTestId('invite-domain-confirmation')).toHaveTextContent(
      'Does this collaborator really belong to your company?',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, invite' }));
    expect(onInvite).toHaveBeenCalledWith('rui@gmail.com', 'collaborator');
  });
});
