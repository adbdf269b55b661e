import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import type { ProjectCardFieldsFragment } from '../../gql/generated.ts';
import { ProjectCard } from './project-card.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

const card: ProjectCardFieldsFragment = {
  id: 7,
  name: 'Residencial Aurora',
  image: null,
  status: 1,
  starred: false,
  mentions: 3,
  notifications: 100,
  pendencies: 99,
  latePendencies: 1500,
  company: { id: 3, name: 'Acme Engenharia', logo: null },
};

describe('ProjectCard (editor §3.4)', SLOW, () => {
  it('shows the name, initials, company and counters with 99+ above 99, and toggles the star', async () => {
    const onToggleStar = vi.fn();
    await renderRoutes(
      [{ path: '/', element: <ProjectCard project={card} starring={false} onToggleStar={onToggleStar} /> }],
      '/',
      fakeSession({ status: 'ready', user: READY_USER }),
    );
    const view = await screen.findByTestId('project-card');
    expect(within(view).getByRole('link', { name: 'Residencial Aurora' })).toHaveAttribute(
      'href',
      '/workspace/project/7',
    );
    expect(within(view).getByText('RA')).toBeInTheDocument();
    expect(within(view).getByText('Acme Engenharia')).toBeInTheDocument();
    expect(within(view).getByTestId('count-pendencies')).toHaveTextContent('99');
    expect(within(view).getByTestId('count-late')).toHaveTextContent('99+');
    expect(within(view).getByTestId('count-notifications')).toHaveTextContent('99+');
    expect(within(view).getByTestId('count-mentions')).toHaveTextContent('3');
    const star = within(view).getByRole('button', { name: 'Star Residencial Aurora' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(star);
    expect(onToggleStar).toHaveBeenCalledWith(card);
  });
});
