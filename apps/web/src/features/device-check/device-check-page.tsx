import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { WEB_VERSION } from '../support/support-content.ts';
import { clockOffsetSeconds, deviceChecks, readDeviceFacts, type DeviceCheck } from './device-checks.ts';
import { readReadiness } from '../../lib/api/readiness.ts';

interface ServerFacts {
  ok: boolean;
  database: string | null;
  clockOffset: number | null;
}

async function readServer(): Promise<ServerFacts> {
  const sentAt = Date.now();
  const readiness = await readReadiness();
  const receivedAt = Date.now();
  return {
    ok: readiness.ok,
    database: readiness.database,
    clockOffset: clockOffsetSeconds(readiness.date, sentAt, receivedAt),
  };
}

/**
 * /test (spec core §2 internal pages): the device check a support person asks a site engineer to open — can this
 * phone or computer run the 3D viewer, work offline, receive notifications, and reach the server with a sane
 * clock. Public, so it works before signing in.
 */
export function DeviceCheckPage() {
  const { t } = useTranslation('workspace');
  const [checks, setChecks] = useState<DeviceCheck[] | null>(null);
  const [server, setServer] = useState<ServerFacts | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const [facts, reached] = await Promise.all([readDeviceFacts(), readServer()]);
    setChecks(deviceChecks(facts));
    setServer(reached);
    setBusy(false);
  };
  useEffect(() => {
    void run();
  }, []);
  const passed = checks?.filter((c) => c.ok).length ?? 0;
  return (
    <PageFrame>
      <Container size="sm" py="lg">
        <Stack gap="md" data-testid="device-check">
          <Title order={1}>{t('deviceCheck.title')}</Title>
          <Text c="dimmed">{t('deviceCheck.intro')}</Text>
          {!checks && <Loader aria-label={t('common:loading')} />}
          {checks && (
            <Card withBorder radius="md" padding="md">
              <Text fw={600} mb="xs" data-testid="device-check-score">
                {t('deviceCheck.score', { passed, total: checks.length })}
              </Text>
              <Table>
                <Table.Tbody>
                  {checks.map((check) => (
                    <Table.Tr key={check.key} data-testid="device-check-row" data-check={check.key}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {t(`deviceCheck.checks.${check.key}.name`)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`deviceCheck.checks.${check.key}.for`)}
                          {check.detail ? ` · ${check.detail}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Badge color={check.ok ? 'green' : 'orange'}>
                          {check.ok ? t('deviceCheck.ok') : t('deviceCheck.missing')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          )}
          {server && (
            <Card withBorder radius="md" padding="md" data-testid="device-check-server">
              <Group gap="sm">
                <Text fw={600}>{t('deviceCheck.server')}</Text>
                <Badge color={server.ok ? 'green' : 'red'}>
                  {server.ok ? t('support.status.ok') : t('support.status.down')}
                </Badge>
              </Group>
              {server.clockOffset !== null && (
                <Text size="sm" c={Math.abs(server.clockOffset) > 120 ? 'orange' : 'dimmed'}>
                  {t('deviceCheck.clock', { seconds: server.clockOffset })}
                </Text>
              )}
              <Text size="sm">
                {t('support.version.web')} <Code>{WEB_VERSION}</Code>
              </Text>
              <Text size="xs" c="dimmed">
                {navigator.userAgent}
              </Text>
            </Card>
          )}
          <Group>
            <Button variant="light" onClick={() => void run()} loading={busy}>
              {t('deviceCheck.again')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </PageFrame>
  );
}
