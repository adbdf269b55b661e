import { Center, Grid, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RestError } from '../../../lib/api-errors.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useProject } from '../../projects/project-context.ts';
import { CommentThread } from '../comments/comment-thread.tsx';
import { issueListPath } from '../shared/issue-list-context.ts';
import { AttachmentsCarousel } from './attachments-carousel.tsx';
import { IssueDisciplinesPanel } from './issue-disciplines-panel.tsx';
import { IssueFieldsPanel, IssueStamps } from './issue-fields-panel.tsx';
import { IssueHistory } from './issue-history.tsx';
import { IssueLocation } from './issue-location.tsx';
import { IssueDocumentReferences } from '../../viewer/issue-document-references.tsx';
import { IssueViewHeader } from './issue-view-header.tsx';
import { imageAttachments } from './issue-attachments.ts';
import { PersonalTags } from './personal-tags.tsx';
import {
  buildIssueScreen,
  useIssueDetail,
  useIssueScreenData,
  useMyId,
  type IssueScreen,
} from './use-issue-screen.ts';

const NOT_FOUND = new RestError('NOT_FOUND', 'NOT_FOUND', 404);

/**
 * /workspace/project/{projectId}/issues/{issueId}: the issue view (spec core §2). The issue and the project's
 * data start loading here, together and while the screen's translations arrive (the view below waits for them).
 */
export function IssueViewPage() {
  const { project } = useProject();
  const issueId = Number(useParams()['issueId']);
  const detail = useIssueDetail(project.id, issueId);
  const data = useIssueScreenData(project.id);
  return (
    <Suspense fallback={<PageLoader />}>
      <IssueView detail={detail} data={data} />
    </Suspense>
  );
}

function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

function IssueView({
  detail,
  data,
}: {
  detail: ReturnType<typeof useIssueDetail>;
  data: ReturnType<typeof useIssueScreenData>;
}) {
  const { t } = useTranslation(['issue', 'issues', 'enums', 'errors']);
  const { project } = useProject();
  const myId = useMyId();
  useEscapeToList(project.id);
  if (!detail.valid) return <FormError error={NOT_FOUND} />;
  const error = detail.error ?? data.error;
  if (error && !detail.issue) {
    return (
      <Stack maw={720} mx="auto" data-testid="issue-view-error">
        <FormError error={error} />
      </Stack>
    );
  }
  if (!detail.issue || !data.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const screen = buildIssueScreen(project, detail.issue, data.data, myId, () => {
    detail.reload();
  });
  return <IssueViewBody screen={screen} reloadGeneral={data.reload} />;
}

/** Escape, outside inputs and dialogs, closes the view back to the list it came from. */
function useEscapeToList(projectId: number) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (
        target?.closest(
          'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"], [role="menu"]',
        )
      )
        return;
      if (document.querySelector('[role="dialog"]')) return;
      void navigate(issueListPath(projectId));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, projectId]);
}

function IssueViewBody({ screen, reloadGeneral }: { screen: IssueScreen; reloadGeneral: () => void }) {
  const { t } = useTranslation('issue');
  const { issue } = screen;
  const attachments = imageAttachments(issue.images);
  return (
    <Stack gap="md" maw={1400} mx="auto" data-testid="issue-view" data-issue-id={issue.id}>
      <IssueViewHeader screen={screen} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Title order={5} mb={6}>
                {t('fields.description')}
              </Title>
              {issue.description ? (
                <Text
                  size="sm"
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  data-testid="issue-description"
                >
                  {issue.description}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('noDescription')}
                </Text>
              )}
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={5} mb={6}>
                {t('attachments.title')}
              </Title>
              <AttachmentsCarousel attachments={attachments} />
            </Paper>
            <IssueLocation screen={screen} attachments={attachments} />
            <IssueDocumentReferences projectId={issue.projectId} references={issue.documentsReferences} />
            <Paper withBorder p="md" radius="md">
              <Tabs defaultValue="comments" keepMounted={false}>
                <Tabs.List mb="sm">
                  <Tabs.Tab value="comments">{t('tabs.comments')}</Tabs.Tab>
                  <Tabs.Tab value="history">{t('tabs.history')}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="comments">
                  <CommentThread screen={screen} />
                </Tabs.Panel>
                <Tabs.Panel value="history">
                  <IssueHistory screen={screen} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <IssueFieldsPanel screen={screen} />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={5} mb={6}>
                {t('fields.disciplines')}
              </Title>
              <IssueDisciplinesPanel screen={screen} />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={5} mb={6}>
                {t('tags.title')}
              </Title>
              <PersonalTags screen={screen} onTagsChanged={reloadGeneral} />
            </Paper>
          </Stack>
        </Grid.Col>
        {/* The audit lines come last, on a phone too (where the side column comes first). */}
        <Grid.Col span={12} order={3}>
          <Paper withBorder p="md" radius="md" data-testid="issue-audit">
            <IssueStamps screen={screen} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
