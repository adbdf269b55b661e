import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { DISCIPLINE_STATUSES, disciplineStatusMap } from '@obra/domain';
import { fakeSession, READY_USER, renderRoutes } from '../../../app/guards/guard-test-utils.tsx';
import { IssueCountBadge } from './count-badge.tsx';
import { DeadlineBadge } from './deadline-badge.tsx';
import { DisciplineTags } from './discipline-tags.tsx';
import {
  IssuePriorityIndicator,
  IssueStatusIndicator,
  IssueVisibilityIndicator,
} from './issue-indicators.tsx';

// jsdom is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

async function show(element: ReactElement) {
  await renderRoutes(
    [{ path: '/', element: <div data-testid="host">{element}</div> }],
    '/',
    fakeSession({ status: 'ready', user: READY_USER }),
  );
  return screen.findByTestId('host');
}

describe('issue indicators (editor §3.6)', SLOW, () => {
  it('labels statuses, priorities and visibilities in the user language, with the fallbacks of the spec', async () => {
    const host = await show(
      <>
        <IssueStatusIndicator status="active" />
        <IssueStatusIndicator status="resolved" variant="icon" />
        <IssueStatusIndicator status="reproved" />
        <IssuePriorityIndicator priority="high" />
        <IssuePriorityIndicator priority="urgent" variant="icon" />
        <IssueVisibilityIndicator visibility="MANAGEMENT" />
        <IssueVisibilityIndicator visibility="PUBLIC" variant="icon" />
        <IssueVisibilityIndicator visibility="whatever" />
        <IssueVisibilityIndicator visibility="semi_public" withHint />
      </>,
    );
    const statuses = within(host).getAllByTestId('issue-status');
    expect(statuses.map((s) => s.getAttribute('data-value'))).toEqual(['active', 'resolved', 'reproved']);
    expect(statuses[0]).toHaveTextContent('Active');
    expect(within(host).getByRole('img', { name: 'Resolved' })).toBeInTheDocument();
    expect(statuses[2]).toHaveTextContent('Reproved');
    const priorities = within(host).getAllByTestId('issue-priority');
    expect(priorities[0]).toHaveTextContent('High');
    expect(priorities[1]).toHaveAttribute('data-value', 'low');
    expect(within(host).getByRole('img', { name: 'Low' })).toBeInTheDocument();
    const visibilities = within(host).getAllByTestId('issue-visibility');
    expect(visibilities.map((v) => v.getAttribute('data-value'))).toEqual([
      'project_management',
      'public',
      'creator',
      'semi_public',
    ]);
    expect(visibilities[0]).toHaveTextContent('Coordination');
    expect(visibilities[2]).toHaveTextContent('Draft (only me)');
    expect(within(host).getByTestId('issue-visibility-hint')).toHaveTextContent(
      'group participants and the project coordinators',
    );
  });

  it('colours deadlines from the domain rule: more than 30 days muted, 1–30 warning, due or past danger', async () => {
    const today = '2026-03-10';
    const host = await show(
      <>
        <DeadlineBadge deadline="2026-04-10" today={today} />
        <DeadlineBadge deadline="2026-04-09" today={today} />
        <DeadlineBadge deadline="2026-03-11" today={today} />
        <DeadlineBadge deadline="2026-03-10" today={today} />
        <DeadlineBadge deadline="2025-12-01" today={today} />
      </>,
    );
    const badges = within(host).getAllByTestId('deadline-badge');
    expect(badges.map((b) => b.getAttribute('data-color'))).toEqual([
      'muted',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
    expect(badges[0]).toHaveTextContent('04/10/26');
    expect(badges[3]).toHaveAccessibleName('Deadline 03/10/26, due or past');
  });

  it('reads 99+ above 99 and hides a zero count unless asked', async () => {
    const host = await show(
      <>
        <IssueCountBadge count={0} label="Unread" testId="zero" />
        <IssueCountBadge count={0} label="Unread" testId="zero-shown" showZero />
        <IssueCountBadge count={99} label="Unread" testId="ninety-nine" />
        <IssueCountBadge count={100} label="Unread" testId="hundred" />
      </>,
    );
    expect(within(host).queryByTestId('zero')).toBeNull();
    expect(within(host).getByTestId('zero-shown')).toHaveTextContent('0');
    expect(within(host).getByTestId('ninety-nine')).toHaveTextContent('99');
    expect(within(host).getByTestId('hundred')).toHaveTextContent('99+');
    expect(within(host).getByTestId('hundred')).toHaveAccessibleName('Unread: 100');
  });

  it('tags disciplines with their states and shows +N past the maximum', async () => {
    const labels = new Map([
      [1, { abbreviation: 'EST', name: 'Estrutura' }],
      [2, { abbreviation: 'HID', name: 'Hidráulica' }],
      [3, { abbreviation: 'ELE', name: 'Elétrica' }],
    ]);
    const host = await show(
      <DisciplineTags
        disciplines={[
          { disciplineId: 1, status: 'doing', deadline: '2026-01-01' },
          { disciplineId: 2, status: 'validate', deadline: null },
          { disciplineId: 3, status: 'done', deadline: null },
        ]}
        labels={labels}
        statuses={disciplineStatusMap(DISCIPLINE_STATUSES)}
        today="2026-03-10"
        max={2}
      />,
    );
    const tags = within(host).getAllByTestId('discipline-tag');
    expect(tags.map((t) => [t.textContent, t.getAttribute('data-state')])).toEqual([
      ['EST', 'late'],
      ['HID', 'almostDone'],
    ]);
    expect(tags[0]).toHaveAccessibleName('Estrutura: Doing (late)');
    expect(within(host).getByTestId('discipline-tags-more')).toHaveTextContent('+1');
  });
});
