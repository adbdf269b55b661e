import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NetworkErrorScreen } from '../../features/errors/network-error-screen.tsx';
import { decideRoute, type GuardArea } from './route-guards.ts';
import { useSession } from './session-context.ts';

/** Renders the child routes of `area` when the guards of spec core §4 allow it, else redirects. */
export function RouteGuard({ area }: { area: GuardArea }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const location = useLocation();
  if (session.status === 'restoring' || session.status === 'loading') {
    return (
      <Center mih="60vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (session.status === 'failed') return <NetworkErrorScreen error={session.error} />;
  const path = `${location.pathname}${location.search}`;
  const decision = decideRoute(
    area,
    { signedIn: session.status === 'ready', user: session.user, freshSignIn: session.freshSignIn },
    path,
  );
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
