import { fireEvent, screen as dom, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISCIPLINE_STATUSES, disciplineStatusMap } from '@obra/domain';
import { Provider, type Client } from 'urql';
import { fromValue } from 'wonka';
import { describe, expect, it, vi } from 'vitest';
import { IssueDisciplinesPanel } from './issue-disciplines-panel.tsx';
import { renderIssueUi } from './issue-test-utils.tsx';
import type { IssueScreen } from './use-issue-screen.ts';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };
// jsdom has no scrollIntoView; Mantine's Select calls it when its options open.
Element.prototype.scrollIntoView ??= () => undefined;

/** An active issue of a collaborator's discipline, the last one pending, with no phase at all. */
function screenOf(creationPhase: number | null, reload: () => void): IssueScreen {
  return {
    issue: {
      id: 5,
      projectId: 4,
      status: 'active',
      createdByUserId: 1,
      creationPhase,
      resolutionPhase: null,
      disciplines: [{ disciplineId: 7, status: 'todo', deadline: null }],
    },
    editor: { userId: 2, role: 'collaborator', userDisciplines: [7] },
    statuses: disciplineStatusMap(DISCIPLINE_STATUSES),
    project: {
      disciplines: [{ id: 7, name: 'Estrutura', abbreviation: 'EST' }],
      disciplinesStatus: DISCIPLINE_STATUSES.map((s) => ({
        name: s.key,
        statusGroup: s.statusGroup,
        responsibility: s.responsibility,
        deadline: s.deadline,
        keepIssueActive: s.keepIssueActive,
        deadlineAlert: s.deadlineAlert,
        allowCollaboratorUpdateTo: s.allowCollaboratorUpdateTo,
        active: true,
      })),
      phases: [
        { id: 2, key: 'ASSUMPTIONS', name: 'Assumptions', abbreviation: 'AS', active: true },
        { id: 6, key: 'PRELIMINARY_DESIGN', name: 'Preliminary design', abbreviation: 'PD', active: true },
        { id: 9, key: 'EXECUTIVE_DESIGN', name: 'Executive design', abbreviation: 'ED', active: false },
      ],
    },
    reload,
  } as unknown as IssueScreen;
}

async function show(creationPhase: number | null) {
  const executeMutation = vi.fn(() => fromValue({ data: { updateIssue: { id: 5 } } }));
  const client = { executeMutation } as unknown as Client;
  const reload = vi.fn();
  await renderIssueUi(
    <Provider value={client}>
      <IssueDisciplinesPanel screen={screenOf(creationPhase, reload)} />
    </Provider>,
  );
  const user = userEvent.setup();
  await user.click(await dom.findByRole('textbox', { name: 'Status of Estrutura (EST)' }));
  // The dropdown's opening transition leaves its options hidden to jsdom: click the option directly.
  fireEvent.click(await dom.findByRole('option', { name: 'Done', hidden: true }));
  return { user, executeMutation, reload };
}

const sent = (mock: ReturnType<typeof vi.fn>) =>
  (mock.mock.calls as unknown[][]).map((c) => (c[0] as { variables: Record<string, unknown> }).variables);

describe('IssueDisciplinesPanel', () => {
  it(
    'asks the resolution phase, pre-filled with the project phase, when the last pending discipline is resolved',
    SLOW,
    async () => {
      const { user, executeMutation, reload } = await show(null);
      const dialog = await dom.findByRole('dialog', { name: 'Resolve the issue' }, { timeout: 10_000 });
      expect(executeMutation).not.toHaveBeenCalled();
      expect(within(dialog).getByRole('textbox', { name: 'Resolution phase' })).toHaveValue(
        'Preliminary design',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
      await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(1));
      expect(sent(executeMutation)[0]).toMatchObject({
        projectId: 4,
        issueId: 5,
        disciplines: [{ disciplineId: 7, status: 'done', deadline: null }],
        resolutionPhase: 6,
      });
      await waitFor(() => expect(reload).toHaveBeenCalled());
    },
  );

  it('sends the change at once when the issue has a phase to resolve in', SLOW, async () => {
    const { executeMutation } = await show(2);
    await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(1));
    expect(sent(executeMutation)[0]).not.toHaveProperty('resolutionPhase');
    expect(dom.queryByRole('dialog')).toBeNull();
  });
});
