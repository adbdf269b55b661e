import { useEffect, useState } from 'react';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { readReadiness } from '../../lib/api/readiness.ts';

const POLL_MS = 5_000;

/** Shown while the server answers 503; returns to where the user was once the server is ready again. */
export function MaintenancePage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from'));
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      setChecking(true);
      // Still down (or unreachable): keep waiting.
      const { ok } = await readReadiness();
      if (!cancelled && ok) void navigate(from, { replace: true });
      if (!cancelled) setChecking(false);
    };
    const timer = window.setInterval(() => void check(), POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [from, navigate]);

  return (
    <PageFrame>
      <Center mih="70vh">
        <Stack align="center" gap="md" maw={480} ta="center">
          <IconTool size={48} stroke={1.5} />
          <Title order={2}>{t('maintenance.title')}</Title>
          <Text c="dimmed">{t('maintenance.message')}</Text>
          <Button
            variant="light"
            onClick={() => void navigate(from, { replace: true })}
            rightSection={checking ? <Loader size="xs" /> : null}
          >
            {t('maintenance.retry')}
          </Button>
        </Stack>
      </Center>
    </PageFrame>
  );
}

/** Only same-site paths are followed back, never another origin. */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/maintenance'))
    return '/';
  return value;
}
