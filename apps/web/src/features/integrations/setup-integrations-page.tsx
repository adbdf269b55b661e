import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/guards/session-context.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { useProject } from '../projects/project-context.ts';
import { SetupScreen } from '../projects/setup/setup-common.tsx';
import { useSetupArea } from '../projects/setup/setup-area.ts';
import { projectIntegration, type CompanyPlatform, type ProjectIntegration } from './autodoc-api.ts';
import { api, type ApiBody } from '../../lib/api/rest-client.ts';

/** What the company's platform form edits (PUT /autodoc/platform). */
type PlatformDraft = { platform: ApiBody<'/autodoc/platform', 'put'>['platform']; baseUrl: string };

/** Roles that create the project link (editor §6: only coordinators). */
const LINKERS = new Set(['coordinator']);

/**
 * setup/integrations, in the workspace and the admin area: the company's document platform (chosen by its
 * administrator, or a platform administrator for the project's company), and the project's link to a project of
 * that platform — shown once made (never edited nor removed), else offered to coordinators.
 */
export function SetupIntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { project } = useProject();
  const { kind } = useSetupArea();
  const { user } = useSession();
  const [link, setLink] = useState<ProjectIntegration | null | undefined>(undefined);
  const load = useAsyncAction();
  const runLoad = load.run;

  useEffect(() => {
    void runLoad(async () => setLink(await projectIntegration(project.id)));
  }, [project.id, runLoad]);

  // The platform section: the caller's company in the workspace, the project's company in the admin area.
  const companyId = kind === 'admin' ? project.company.id : (user?.companyId ?? null);
  const canChoose = kind === 'admin' ? Boolean(user?.isAdmin) : user?.company?.role === 'admin';
  const canLink = kind === 'workspace' && LINKERS.has(project.permissions.role ?? '');

  return (
    <SetupScreen section="integrations" canWrite>
      {companyId !== null && (
        <PlatformSection
          companyId={companyId}
          companyName={kind === 'admin' ? project.company.name : (user?.company?.name ?? '')}
          admin={kind === 'admin'}
          canChoose={canChoose}
        />
      )}
      <Paper withBorder p="md" data-testid="project-link">
        <Stack gap="sm">
          <Title order={4}>{t('setup.linkTitle')}</Title>
          <FormError error={load.error} />
          {link && (
            <>
              <Text data-testid="project-link-linked">
                {t('setup.linked', { project: link.autodocProjectName, customer: link.autodocCustomerId })}
              </Text>
              {kind === 'workspace' && (
                <Button
                  component={Link}
                  to={`/workspace/project/${project.id}/partner-documents`}
                  variant="light"
                  w="fit-content"
                  data-testid="open-partner-documents"
                >
                  {t('setup.openDocuments')}
                </Button>
              )}
            </>
          )}
          {link === null && (
            <>
              <Text c="dimmed">{t('setup.notLinked')}</Text>
              {canLink ? (
                <Button
                  component={Link}
                  to={`/autodoc/connect-project?projectId=${project.id}&projectName=${encodeURIComponent(project.name)}`}
                  w="fit-content"
                  data-testid="connect-project-link"
                >
                  {t('setup.connectProject')}
                </Button>
              ) : (
                <Alert color="gray" variant="light">
                  {t('setup.onlyCoordinators')}
                </Alert>
              )}
            </>
          )}
        </Stack>
      </Paper>
      {kind === 'workspace' && (
        <Paper withBorder p="md" data-testid="power-bi-entry">
          <Group justify="space-between">
            <Text>{t('powerBi.intro')}</Text>
            <Button component={Link} to={`/workspace/project/${project.id}/power-bi`} variant="light">
              {t('powerBi.open')}
            </Button>
          </Group>
        </Paper>
      )}
    </SetupScreen>
  );
}

function PlatformSection({
  companyId,
  companyName,
  admin,
  canChoose,
}: {
  companyId: number;
  companyName: string;
  admin: boolean;
  canChoose: boolean;
}) {
  const { t } = useTranslation('integrations');
  const [platform, setPlatform] = useState<CompanyPlatform | null>(null);
  const [draft, setDraft] = useState<PlatformDraft>({ platform: 'webdav', baseUrl: '' });
  const action = useAsyncAction();
  const forCompany = admin ? companyId : undefined;

  const load = useCallback(async () => {
    const answer = await api.get('/autodoc/platform', { query: { companyId: forCompany } });
    setPlatform(answer);
    setDraft({ platform: answer.platform ?? 'webdav', baseUrl: answer.baseUrl ?? '' });
  }, [forCompany]);
  const runAction = action.run;
  useEffect(() => void runAction(load), [load, runAction]);

  const save = () =>
    void action.run(async () => {
      const answer = await api.put('/autodoc/platform', {
        // APS is at the address this server is configured for: none is sent.
        body: {
          ...(admin ? { companyId } : {}),
          platform: draft.platform,
          ...(draft.platform === 'aps' ? {} : { baseUrl: draft.baseUrl }),
        },
      });
      setPlatform(answer);
      notifications.show({ color: 'teal', message: t('setup.saved') });
    });

  return (
    <Paper withBorder p="md" data-testid="company-platform">
      <Stack gap="sm">
        <Title order={4}>{t('setup.platformTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('setup.platformIntro', { company: companyName })}
        </Text>
        {!canChoose && (
          <Text data-testid="company-platform-value">
            {platform?.platform
              ? `${t(`platforms.${platform.platform}`)} — ${platform.baseUrl ?? ''}`
              : t('setup.none')}
          </Text>
        )}
        {canChoose && (
          <>
            <Select
              label={t('setup.platform')}
              data={[
                { value: 'webdav', label: t('platforms.webdav') },
                { value: 'aps', label: t('platforms.aps') },
              ]}
              value={draft.platform}
              allowDeselect={false}
              onChange={(value) =>
                value && setDraft({ ...draft, platform: value as PlatformDraft['platform'] })
              }
            />
            {draft.platform === 'aps' ? (
              <Text size="sm" c="dimmed" data-testid="company-platform-aps">
                {t('setup.apsAddress')}
              </Text>
            ) : (
              <TextInput
                label={t('setup.baseUrl')}
                description={t('setup.baseUrlHint')}
                value={draft.baseUrl}
                onChange={(e) => setDraft({ ...draft, baseUrl: e.currentTarget.value })}
                data-testid="company-platform-url"
              />
            )}
            <Group>
              <Button
                onClick={save}
                loading={action.busy}
                disabled={draft.platform !== 'aps' && !draft.baseUrl.trim()}
                data-testid="company-platform-save"
              >
                {t('setup.save')}
              </Button>
            </Group>
          </>
        )}
        <FormError error={action.error} />
      </Stack>
    </Paper>
  );
}
