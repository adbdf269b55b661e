import type { DrivePlanState } from '@obra/domain';

/** A drive plan as the API shows it. */
export function presentDrivePlan(plan: DrivePlanState) {
  switch (plan.state) {
    case 'enabled':
      return { state: plan.state, daysLeft: null, endsAt: null };
    case 'notStarted':
      return { state: plan.state, daysLeft: plan.days, endsAt: null };
    case 'trial':
      return { state: plan.state, daysLeft: plan.daysLeft, endsAt: plan.endsAt };
    case 'ended':
      return { state: plan.state, daysLeft: 0, endsAt: plan.endedAt };
  }
}
