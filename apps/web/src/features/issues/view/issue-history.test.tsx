import { screen as dom } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IssueHistory } from './issue-history.tsx';
import { renderIssueUi } from './issue-test-utils.tsx';

const planta = { id: 1, index: 0, title: 'planta', original: 11, markedUp: null };

describe('IssueHistory', () => {
  it('shows an image change as a sentence, not as data', async () => {
    const screen = {
      issue: {
        history: [
          {
            _id: 1,
            issueId: 1,
            userId: 3,
            entityType: 'issue',
            issueVisibility: 'public',
            dataTime: '2026-03-01T10:00:00.000Z',
            hasNotification: false,
            fields: { images: { old: null, new: [planta] }, categoryId: { old: null, new: 3 } },
          },
        ],
      },
      project: { disciplines: [], locals: [], labels: [], phases: [] },
      general: { groups: [] },
      usersById: new Map([[3, { id: 3, name: 'Ana', lastName: 'Silva', email: 'ana@example.com' }]]),
    } as unknown as Parameters<typeof IssueHistory>[0]['screen'];
    await renderIssueUi(<IssueHistory screen={screen} />);
    const history = await dom.findByTestId('issue-history');
    expect(history.textContent).toContain('Added the image “planta”');
    expect(history.textContent).toContain('Set the category to');
    expect(history.textContent).not.toMatch(/[{}[\]]|categoryId/);
  });
});
