import { Alert, Text } from '@mantine/core';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { ProjectDrivePlanDocument } from '../../gql/generated.ts';

/** The drive plan of the project's owner company as the page needs it. */
export interface DrivePlanView {
  state: string;
  daysLeft: number | null;
  endsAt: string | null;
}

/** The drive plan of a project (editor §9): null while it loads or when it cannot be read. */
export function useDrivePlan(projectId: number): { plan: DrivePlanView | null; reload: () => void } {
  const [query, refetch] = useQuery({ query: ProjectDrivePlanDocument, variables: { projectId } });
  return {
    plan: query.data?.projectData.drivePlan ?? null,
    reload: () => refetch({ requestPolicy: 'network-only' }),
  };
}

/**
 * Where the drive's trial stands, above the documents: the days left of the 30-day trial, the hint that the first
 * upload starts it, or — once it ended — that the documents stay readable and uploads need an upgrade.
 */
export function DrivePlanBanner({ plan }: { plan: DrivePlanView | null }) {
  const { t, i18n } = useTranslation('drive');
  if (!plan || plan.state === 'enabled') return null;
  if (plan.state === 'notStarted')
    return (
      <Text size="sm" c="dimmed" data-testid="drive-plan" data-state="notStarted">
        {t('plan.notStarted', { count: plan.daysLeft ?? 30 })}
      </Text>
    );
  const date = plan.endsAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(plan.endsAt))
    : '';
  if (plan.state === 'trial')
    return (
      <Alert
        color={(plan.daysLeft ?? 0) <= 5 ? 'yellow' : 'blue'}
        icon={<IconClockHour4 size={18} />}
        title={t('plan.trialTitle', { count: plan.daysLeft ?? 0 })}
        data-testid="drive-plan"
        data-state="trial"
      >
        {t('plan.trialBody', { date })}
      </Alert>
    );
  return (
    <Alert
      color="red"
      icon={<IconLock size={18} />}
      title={t('plan.endedTitle')}
      data-testid="drive-plan"
      data-state="ended"
    >
      {t('plan.endedBody', { date })}
    </Alert>
  );
}
