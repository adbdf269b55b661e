import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Provider, type Client } from 'urql';
import { fromValue } from 'wonka';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { ImproveText } from './improve-text.tsx';

const AI_USER = { ...READY_USER, hasAiAssistant: true, aiDisclaimerAccepted: true };

function clientWith(available: boolean, improved = 'Leak in the ceiling of flat 302 (level 3). Who: [who?]') {
  const executeQuery = vi.fn(() =>
    fromValue({
      data: { aiStatus: { __typename: 'AiStatus', configured: available, available, canManage: false } },
    }),
  );
  const executeMutation = vi.fn(() => fromValue({ data: { improveText: improved } }));
  return { client: { executeQuery, executeMutation } as unknown as Client, executeMutation };
}

async function show(client: Client, onAccept: (text: string) => void, user = AI_USER) {
  await renderRoutes(
    [
      {
        path: '/',
        element: (
          <Provider value={client}>
            <ImproveText kind="issueDescription" text="leaking 302" onAccept={onAccept} />
          </Provider>
        ),
      },
    ],
    '/',
    fakeSession({ user }),
  );
}

describe('ImproveText', () => {
  it('shows the proposal as a change the user edits and accepts, with the 40% hint', async () => {
    const { client, executeMutation } = clientWith(true);
    const onAccept = vi.fn();
    await show(client, onAccept);
    fireEvent.click(await screen.findByTestId('improve-text'));
    const value = (await screen.findByTestId('improve-text-value')) as HTMLTextAreaElement;
    expect(executeMutation).toHaveBeenCalledTimes(1);
    expect(value.value).toBe('Leak in the ceiling of flat 302 (level 3). Who: [who?]');
    expect(screen.getByText('leaking 302')).toBeTruthy();
    expect(
      screen.getAllByText('An improved text is 40% more likely to be read and resolved.').length,
    ).toBeGreaterThan(0);
    fireEvent.change(value, { target: { value: 'Leak in flat 302. Who: plumber' } });
    fireEvent.click(screen.getByTestId('improve-text-accept'));
    expect(onAccept).toHaveBeenCalledWith('Leak in flat 302. Who: plumber');
    await waitFor(() => expect(screen.queryByTestId('improve-text-proposal')).toBeNull());
  });

  it('rejecting leaves the text as it was', async () => {
    const { client } = clientWith(true);
    const onAccept = vi.fn();
    await show(client, onAccept);
    fireEvent.click(await screen.findByTestId('improve-text'));
    fireEvent.click(await screen.findByTestId('improve-text-reject'));
    expect(onAccept).not.toHaveBeenCalled();
    expect(screen.queryByTestId('improve-text-proposal')).toBeNull();
  });

  it('is hidden without a model and from users without the assistant', async () => {
    await show(clientWith(false).client, vi.fn());
    await waitFor(() => expect(screen.queryByTestId('improve-text')).toBeNull());
    const { client, executeMutation } = clientWith(true);
    await show(client, vi.fn(), { ...READY_USER, hasAiAssistant: false });
    expect(screen.queryByTestId('improve-text')).toBeNull();
    expect(executeMutation).not.toHaveBeenCalled();
  });
});
