import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import type { ProjectCardFieldsFragment } from '../../gql/generated.ts';
import { ProjectCard } from './project-card.tsx';
import { PROJECT_COLOURS, projectColour, projectIssuesTab } from './project-colour.ts';

const SLOW = { timeout: 30_000 };

describe('project colours (issue 21)', () => {
  it('follow the id: the same project keeps its colour, consecutive projects differ whatever their names', () => {
    expect(projectColour(7)).toBe(projectColour(7));
    const run = Array.from({ length: PROJECT_COLOURS.length }, (_, i) => projectColour(100 + i));
    expect(new Set(run).size).toBe(PROJECT_COLOURS.length);
    expect(PROJECT_COLOURS).toContain(projectColour(-3));
  });
});

describe('home counters lead to the matching tab (issue 21)', SLOW, () => {
  it('makes each counter a labelled link to its tab of the issue list', async () => {
    const card: ProjectCardFieldsFragment = {
      id: 7,
      name: 'Residencial Aurora',
      image: null,
      status: 1,
      starred: false,
      mentions: 3,
      notifications: 12,
      pendencies: 5,
      latePendencies: 2,
      company: { id: 3, name: 'Acme Engenharia', logo: null },
    };
    await renderRoutes(
      [
        {
          path: '/',
          element: <ProjectCard project={card} starring={false} onToggleStar={() => undefined} />,
        },
      ],
      '/',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const view = await screen.findByTestId('project-card');
    const links: [string, string][] = [
      ['Pending items in Residencial Aurora: 5. Open them in the issue list', 'pendencies'],
      ['Late pending items in Residencial Aurora: 2. Open them in the issue list', 'latePendencies'],
      ['Unread mentions in Residencial Aurora: 3. Open them in the issue list', 'newMentions'],
      ['Unread notifications in Residencial Aurora: 12. Open them in the issue list', 'notifications'],
    ];
    for (const [name, tab] of links)
      expect(within(view).getByRole('link', { name })).toHaveAttribute(
        'href',
        `/workspace/project/7/issues?filter=${tab}`,
      );
    expect(projectIssuesTab(7, 'pendencies')).toBe('/workspace/project/7/issues?filter=pendencies');
    expect(within(view).getByTestId('project-card-avatar')).toHaveAttribute('data-colour', projectColour(7));
  });
});
