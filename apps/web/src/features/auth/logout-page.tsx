import { useEffect, useRef } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/guards/session-context.ts';

/** /logout: ends the session on the server and in this tab, then shows the login. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const { signOut } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Whatever the server answers, this tab forgets the session.
    void signOut()
      .catch(() => undefined)
      .finally(() => void navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  return (
    <Center mih="60vh">
      <Loader aria-label={t('logout.signingOut')} />
    </Center>
  );
}
