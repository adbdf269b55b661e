import { useEffect, useState } from 'react';
import { Alert, Button, Container, Group, Radio, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { type PartnerEntry, type UserIntegration } from './autodoc-api.ts';
import { api } from '../../lib/api/rest-client.ts';

/**
 * /autodoc/connect-project?projectId=… (spec core §2): a coordinator links the project to a project of the
 * document platform in three steps — customer, project, confirmation — told before confirming that the link can
 * neither be removed nor changed (editor §6). A manager who is not a coordinator is refused by the server with
 * the specification's message.
 */
export function ConnectProjectPage() {
  const { t } = useTranslation('integrations');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = Number(params.get('projectId'));
  const projectName = params.get('projectName') ?? '';
  const [user, setUser] = useState<UserIntegration | null>(null);
  const [customers, setCustomers] = useState<PartnerEntry[]>([]);
  const [projects, setProjects] = useState<PartnerEntry[]>([]);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [partnerProjectId, setPartnerProjectId] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const load = useAsyncAction();
  const action = useAsyncAction();
  const runLoad = load.run;

  useEffect(() => {
    void runLoad(async () => {
      const account = await api.get('/autodoc/user-integration');
      setUser(account);
      if (!account.connected) return;
      setCustomers((await api.get('/autodoc/autodoc-customers')).customers);
    });
  }, [runLoad]);

  useEffect(() => {
    if (!customerId) return;
    setProjects([]);
    setPartnerProjectId(null);
    void runLoad(async () => {
      const answer = await api.get('/autodoc/autodoc-projects', { query: { autodocCustomerId: customerId } });
      setProjects(answer.projects);
    });
  }, [customerId, runLoad]);

  const customer = customers.find((c) => c.id === customerId);
  const partner = projects.find((p) => p.id === partnerProjectId);

  const confirm = () =>
    void action.run(async () => {
      if (!customerId || !partnerProjectId) return;
      await api.post('/autodoc/project-integration', {
        body: { projectId, autodocCustomerId: customerId, autodocProjectId: partnerProjectId },
      });
      void navigate(`/workspace/project/${projectId}/setup/integrations`);
    });

  if (!Number.isInteger(projectId) || projectId < 1)
    return (
      <Container size="sm" py="xl">
        <Alert color="gray">{t('connect.missingProject')}</Alert>
      </Container>
    );

  return (
    <Container size="sm" py="xl" data-testid="connect-project">
      <Stack gap="md">
        <Title order={2}>{t('connect.title')}</Title>
        <FormError error={load.error} />
        {user && !user.connected && (
          <Alert color="orange" variant="light" data-testid="connect-not-connected">
            <Stack gap="xs">
              <Text>{t('connect.notConnected')}</Text>
              <Button component={Link} to="/workspace/user/profile" variant="light" w="fit-content">
                {t('connect.goProfile')}
              </Button>
            </Stack>
          </Alert>
        )}
        {user?.connected && (
          <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} allowNextStepsSelect={false}>
            <Stepper.Step label={t('connect.customer')}>
              <Radio.Group value={customerId} onChange={setCustomerId} data-testid="connect-customers">
                <Stack gap="xs" mt="sm">
                  {customers.map((c) => (
                    <Radio key={c.id} value={c.id} label={c.name} />
                  ))}
                </Stack>
              </Radio.Group>
              <Group mt="md">
                <Button disabled={!customerId} onClick={() => setStep(1)}>
                  {t('connect.next')}
                </Button>
              </Group>
            </Stepper.Step>
            <Stepper.Step label={t('connect.project')}>
              <Radio.Group
                value={partnerProjectId}
                onChange={setPartnerProjectId}
                data-testid="connect-projects"
              >
                <Stack gap="xs" mt="sm">
                  {projects.map((p) => (
                    <Radio key={p.id} value={p.id} label={p.name} />
                  ))}
                </Stack>
              </Radio.Group>
              <Group mt="md">
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('connect.back')}
                </Button>
                <Button disabled={!partnerProjectId} onClick={() => setStep(2)}>
                  {t('connect.next')}
                </Button>
              </Group>
            </Stepper.Step>
            <Stepper.Step label={t('connect.confirmTitle')}>
              <Stack gap="sm" mt="sm">
                <Text data-testid="connect-summary">
                  {t('connect.summary', {
                    obra: projectName || `#${projectId}`,
                    project: partner?.name ?? '',
                    customer: customer?.name ?? '',
                  })}
                </Text>
                <Alert color="red" variant="light" data-testid="connect-irreversible">
                  {t('connect.irreversible')}
                </Alert>
                <FormError error={action.error} />
                <Group>
                  <Button variant="default" onClick={() => setStep(1)}>
                    {t('connect.back')}
                  </Button>
                  <Button color="red" onClick={confirm} loading={action.busy} data-testid="connect-confirm">
                    {t('connect.confirm')}
                  </Button>
                </Group>
              </Stack>
            </Stepper.Step>
          </Stepper>
        )}
      </Stack>
    </Container>
  );
}
