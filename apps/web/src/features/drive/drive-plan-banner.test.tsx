import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderIssueUi } from '../issues/view/issue-test-utils.tsx';
import { DrivePlanBanner } from './drive-plan-banner.tsx';

const SLOW = { timeout: 30_000 };

describe('DrivePlanBanner', SLOW, () => {
  it('tells the days left of the trial, warning in its last days', async () => {
    const { unmount } = await renderIssueUi(
      <DrivePlanBanner plan={{ state: 'trial', daysLeft: 12, endsAt: '2026-12-11T10:00:00Z' }} />,
    );
    expect(await screen.findByText('Drive trial: 12 days left')).toBeInTheDocument();
    expect(screen.getByTestId('drive-plan')).toHaveTextContent('every document stays readable');
    unmount();
    await renderIssueUi(
      <DrivePlanBanner plan={{ state: 'trial', daysLeft: 1, endsAt: '2026-12-11T10:00:00Z' }} />,
    );
    expect(await screen.findByText('Drive trial: 1 day left')).toBeInTheDocument();
  });

  it('says the drive stays readable once the trial ended, and that uploads need an upgrade', async () => {
    await renderIssueUi(
      <DrivePlanBanner plan={{ state: 'ended', daysLeft: 0, endsAt: '2026-11-01T10:00:00Z' }} />,
    );
    expect(await screen.findByText('The drive trial has ended')).toBeInTheDocument();
    expect(screen.getByTestId('drive-plan')).toHaveAttribute('data-state', 'ended');
    expect(screen.getByTestId('drive-plan')).toHaveTextContent('upgrade the plan');
  });

  it('hints that the first upload starts the trial, and shows nothing for an enabled drive', async () => {
    const { unmount } = await renderIssueUi(
      <DrivePlanBanner plan={{ state: 'notStarted', daysLeft: 30, endsAt: null }} />,
    );
    expect(
      await screen.findByText("Your company's first upload starts its 30-day drive trial."),
    ).toBeInTheDocument();
    unmount();
    await renderIssueUi(<DrivePlanBanner plan={{ state: 'enabled', daysLeft: null, endsAt: null }} />);
    expect(screen.queryByTestId('drive-plan')).toBeNull();
  });
});
