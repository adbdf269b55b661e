import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Client, fetchExchange, Provider } from 'urql';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import type { AiBulkDraftFieldsFragment, AiIssueDraftFieldsFragment } from '../../gql/generated.ts';
import { BulkDraftCard, bulkValuesOf, IssueDraftCard } from './ai-draft-cards.tsx';

// The photo and pin section needs a canvas (Konva), which jsdom has not: a stand-in places a pin on a photo.
vi.mock('../issues/edit/images-pin-section.tsx', () => ({
  ImagesPinSection: ({
    onPin,
  }: {
    onPin: (pin: { x: number; y: number; imageKey: string | null }) => void;
  }) => (
    <button type="button" onClick={() => onPin({ x: 10, y: 20, imageKey: null })}>
      place pin
    </button>
  ),
}));

const AI_USER = { ...READY_USER, hasAiAssistant: true, aiDisclaimerAccepted: true };

const ISSUE_DRAFT: AiIssueDraftFieldsFragment = {
  projectId: 3,
  projectName: 'Edifício Aurora',
  title: 'Infiltração na laje',
  description: 'Mancha sob a laje, eixo B3.',
  priority: 'high',
  deadline: '2030-01-15',
  disciplines: [
    { disciplineId: 7, name: 'Arquitetura', abbreviation: 'ARQ', status: 'todo', deadline: null },
    { disciplineId: 8, name: 'Estrutura', abbreviation: 'EST', status: 'todo', deadline: null },
  ],
  locals: [{ id: 4, name: 'T.L3' }],
  labels: [],
  statuses: ['todo', 'doing', 'done'],
};

const BULK_DRAFT: AiBulkDraftFieldsFragment = {
  projectId: 3,
  projectName: 'Edifício Aurora',
  issues: [
    { id: 11, code: '011', title: 'Viga V12', link: '/workspace/project/3/issues/11' },
    { id: 12, code: '012', title: 'Duto D4', link: '/workspace/project/3/issues/12' },
  ],
  deadline: '2030-02-01',
  clearDeadline: false,
  priority: null,
  disciplines: [
    { disciplineId: 7, name: 'Arquitetura', abbreviation: 'ARQ', status: 'doing', deadline: null },
  ],
  addLabels: [{ id: 5, name: 'URG' }],
  removeLabels: [],
};

const SLOW = { timeout: 60_000 };

/** A client whose server answers every operation with `body`; `sent` gives the variables of each call. */
function clientAnswering(body: unknown) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
  const client = new Client({ url: 'http://obra.test/graphql', exchanges: [fetchExchange], fetch });
  const sent = () =>
    fetch.mock.calls.map(
      ([, init]) => (JSON.parse(String(init?.body)) as { variables: Record<string, unknown> }).variables,
    );
  return { client, sent };
}

function refusal(code: string) {
  return { data: null, errors: [{ message: code, extensions: { code } }] };
}

async function show(client: Client, element: ReactNode) {
  await renderRoutes(
    [{ path: '/', element: <Provider value={client}>{element}</Provider> }],
    '/',
    fakeSession({ user: AI_USER }),
  );
}

describe('IssueDraftCard', () => {
  it(
    'is edited, needs the location pin, then creates the issue through confirmAiIssueDraft with the edits',
    SLOW,
    async () => {
      const { client, sent } = clientAnswering({
        data: { confirmAiIssueDraft: { __typename: 'IssueRef', id: 77, projectId: 3 } },
      });
      const onDone = vi.fn();
      await show(client, <IssueDraftCard draft={ISSUE_DRAFT} conversationId={5} onDone={onDone} />);
      const title = (await screen.findByTestId('ai-issue-draft-title')) as HTMLInputElement;
      expect(title.value).toBe('Infiltração na laje');
      expect(screen.getByText(/Edifício Aurora/)).toBeTruthy();
      fireEvent.change(title, { target: { value: 'Infiltração na laje do 3º andar' } });
      fireEvent.change(screen.getByTestId('ai-issue-draft-deadline'), { target: { value: '2030-01-20' } });
      fireEvent.click(screen.getByRole('button', { name: 'Remove EST' }));
      fireEvent.change(screen.getByRole('combobox', { name: 'Status of ARQ' }), {
        target: { value: 'doing' },
      });
      // Without the pin nothing is sent: the catalogue's message says what is missing.
      fireEvent.click(screen.getByTestId('ai-issue-draft-create'));
      expect((await screen.findByTestId('ai-issue-draft-error')).textContent).toBe('Place a location pin.');
      expect(sent()).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'place pin' }));
      fireEvent.click(screen.getByTestId('ai-issue-draft-create'));
      const created = await screen.findByTestId('ai-issue-draft-created');
      expect(within(created).getByRole('link').getAttribute('href')).toBe('/workspace/project/3/issues/77');
      expect(sent()).toHaveLength(1);
      const variables = sent()[0] ?? {};
      expect(variables).toMatchObject({
        conversationId: 5,
        projectId: 3,
        title: 'Infiltração na laje do 3º andar',
        description: 'Mancha sob a laje, eixo B3.',
        priority: 'high',
        deadline: '2030-01-20',
        disciplines: [{ disciplineId: 7, status: 'doing', deadline: null }],
        locals: [4],
        pin: { x: 10, y: 20, color: 'red', image: null },
        images: [],
      });
      expect(typeof variables['idempotencyKey']).toBe('string');
      expect(onDone).not.toHaveBeenCalled();
    },
  );

  it("shows the server's refusal with the catalogue's message, and is discarded", SLOW, async () => {
    const { client, sent } = clientAnswering(refusal('FORBIDDEN_PROJECT_NOT_ACTIVE'));
    const onDone = vi.fn();
    await show(client, <IssueDraftCard draft={ISSUE_DRAFT} conversationId={5} onDone={onDone} />);
    fireEvent.click(await screen.findByRole('button', { name: 'place pin' }));
    fireEvent.click(screen.getByTestId('ai-issue-draft-create'));
    expect((await screen.findByTestId('ai-issue-draft-error')).textContent).toBe(
      'This project is inactive and cannot be changed.',
    );
    expect(screen.queryByTestId('ai-issue-draft-created')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(sent()).toHaveLength(1);
  });
});

describe('BulkDraftCard', () => {
  it(
    'lists the issues with links and the change in words, and applies it to the issues left ticked',
    SLOW,
    async () => {
      const { client, sent } = clientAnswering({
        data: {
          confirmAiBulkChange: {
            __typename: 'AiBulkChangeResult',
            updatedIds: [11],
            rejected: [],
          },
        },
      });
      await show(client, <BulkDraftCard draft={BULK_DRAFT} conversationId={5} onDone={vi.fn()} />);
      const issues = await screen.findByTestId('ai-bulk-draft-issues');
      expect(within(issues).getByRole('link', { name: '011' }).getAttribute('href')).toBe(
        '/workspace/project/3/issues/11',
      );
      const change = screen.getByTestId('ai-bulk-draft-change').textContent ?? '';
      expect(change).toContain('Deadline: 2030-02-01');
      expect(change).toContain('Labels added: URG');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Include 012' }));
      fireEvent.click(screen.getByTestId('ai-bulk-draft-confirm'));
      expect((await screen.findByTestId('ai-bulk-draft-result')).textContent).toContain('1 issue changed.');
      expect(sent()[0]).toEqual({
        conversationId: 5,
        projectId: 3,
        issuesIds: [11],
        newValues: {
          deadline: '2030-02-01',
          disciplines: [{ disciplineId: 7, status: 'doing' }],
          addLabels: [5],
        },
      });
    },
  );

  it('reports the issues the rules refused, by code, with the server message', SLOW, async () => {
    const { client } = clientAnswering({
      data: {
        confirmAiBulkChange: {
          __typename: 'AiBulkChangeResult',
          updatedIds: [11],
          rejected: [
            { __typename: 'IssueRejection', issueId: 12, code: 'FORBIDDEN', message: 'Sem permissão.' },
          ],
        },
      },
    });
    await show(client, <BulkDraftCard draft={BULK_DRAFT} conversationId={5} onDone={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('ai-bulk-draft-confirm'));
    expect((await screen.findByTestId('ai-bulk-draft-rejected')).textContent).toBe('012: Sem permissão.');
  });

  it('turns a removed deadline into the bulk update null', () => {
    expect(
      bulkValuesOf({ ...BULK_DRAFT, deadline: null, clearDeadline: true, disciplines: [], addLabels: [] }),
    ).toEqual({ deadline: null });
  });
});

describe('the drafted bulk change refused as a whole', () => {
  it("says why with the catalogue's message", SLOW, async () => {
    const { client } = clientAnswering(refusal('PROJECT_NOT_FOUND'));
    await show(client, <BulkDraftCard draft={BULK_DRAFT} conversationId={5} onDone={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('ai-bulk-draft-confirm'));
    await waitFor(() => expect(screen.getByTestId('ai-bulk-draft-error').textContent).toBeTruthy());
    expect(screen.queryByTestId('ai-bulk-draft-result')).toBeNull();
  });
});
