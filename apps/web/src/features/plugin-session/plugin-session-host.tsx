import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/guards/session-context.ts';
import { lazyExport } from '../../lib/lazy-import.ts';
import {
  pluginSessionIdOf,
  searchWithoutPluginSession,
  storedPluginSessionId,
  storePluginSessionId,
} from './plugin-session-id.ts';

// The overlay and the 3D viewer load only when a plugin session exists.
const PluginSessionOverlay = lazyExport(() => import('./plugin-session-overlay.tsx'), 'PluginSessionOverlay');

/** The app's own screens (not sign-in, policies, onboarding or maintenance), where the overlay shows. */
const IN_APP = /^\/(workspace|company)(\/|$)/;

/**
 * Spec core §2 "Overlays": a BIM model viewer is shown when a plugin session id exists. The id comes with the
 * address a BIM plugin opens (`?pluginSession=`), is kept for the tab, and the overlay shows over every screen of
 * the app once the person is signed in, until they close it (docs/plugins.md "Plugin sessions").
 */
export function PluginSessionHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useSession();
  const fromAddress = pluginSessionIdOf(location.search);
  const [id, setId] = useState(() => fromAddress ?? storedPluginSessionId());
  useEffect(() => {
    if (!fromAddress) return;
    storePluginSessionId(fromAddress);
    setId(fromAddress);
  }, [fromAddress]);
  if (!id || status !== 'ready' || !IN_APP.test(location.pathname)) return null;
  const close = () => {
    storePluginSessionId(null);
    setId(null);
    if (fromAddress)
      void navigate(
        {
          pathname: location.pathname,
          search: searchWithoutPluginSession(location.search),
          hash: location.hash,
        },
        { replace: true },
      );
  };
  return (
    <Suspense fallback={null}>
      <PluginSessionOverlay key={id} sessionId={id} onClose={close} />
    </Suspense>
  );
}
