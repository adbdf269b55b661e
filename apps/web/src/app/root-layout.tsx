import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { OfflineStatus } from '../lib/offline/offline-status.tsx';
import { MAINTENANCE_EVENT } from '../lib/service-status.ts';
import { POLICIES_REQUIRED_EVENT } from '../lib/session-events.ts';
import { policiesPath } from './guards/route-guards.ts';
import { SessionProvider } from './guards/session-provider.tsx';
import { EmbeddingBridge } from './embedding-bridge.tsx';
import { useEmbedded } from './embedded-context.tsx';
import { SessionDownloadNotices } from '../features/downloads/download-ready-notices.tsx';
import { PluginSessionHost } from '../features/plugin-session/plugin-session-host.tsx';

/**
 * The root of every route: holds the session and reacts to app-wide signals such as maintenance (HTTP 503)
 * and policies that must be accepted again (NOT_ACCEPTED_POLICIES from any call, spec core §4).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const from = `${location.pathname}${location.search}`;
    const toMaintenance = () => {
      if (location.pathname === '/maintenance') return;
      void navigate(`/maintenance?from=${encodeURIComponent(from)}`, { replace: true });
    };
    const toPolicies = () => {
      if (location.pathname === '/policies') return;
      void navigate(policiesPath(from), { replace: true });
    };
    window.addEventListener(MAINTENANCE_EVENT, toMaintenance);
    window.addEventListener(POLICIES_REQUIRED_EVENT, toPolicies);
    return () => {
      window.removeEventListener(MAINTENANCE_EVENT, toMaintenance);
      window.removeEventListener(POLICIES_REQUIRED_EVENT, toPolicies);
    };
  }, [location.pathname, location.search, navigate]);
  const embedded = useEmbedded();
  return (
    <SessionProvider>
      {embedded && window.parent !== window && <EmbeddingBridge />}
      <Outlet />
      <OfflineStatus />
      <SessionDownloadNotices />
      <PluginSessionHost />
    </SessionProvider>
  );
}
