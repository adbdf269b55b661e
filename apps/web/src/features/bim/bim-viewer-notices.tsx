import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The viewer's notices: the models did not load; the issue just created here (with a link to open its
 * viewpoint, not in a plugin session); the issue whose viewpoint is open (`?issue=`).
 */
export function BimViewerNotices({
  projectId,
  failed,
  created,
  issue,
  followed,
  onDismissCreated,
  onOpenCreatedViewpoint,
}: {
  projectId: number;
  failed: boolean;
  created: number | null;
  issue: { id: number; code: string; title: string } | null;
  followed: boolean;
  onDismissCreated: () => void;
  onOpenCreatedViewpoint: (issueId: number) => void;
}) {
  const { t } = useTranslation(['bim', 'enums']);
  return (
    <>
      {failed && (
        <Alert color="red" data-testid="bim-viewer-error">
          {t('errors.loadError')}
        </Alert>
      )}
      {created !== null && (
        <Alert color="green" data-testid="bim-issue-created" withCloseButton onClose={onDismissCreated}>
          {t('issue.created')}{' '}
          <Anchor component={Link} to={`/workspace/project/${projectId}/issues/${created}`}>
            {t('issue.openIssue')}
          </Anchor>
          {!followed && (
            <>
              {' · '}
              <Anchor data-testid="bim-issue-open-viewpoint" onClick={() => onOpenCreatedViewpoint(created)}>
                {t('issue.openViewpoint')}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {issue && (
        <Alert color="blue" data-testid="bim-issue-viewpoint">
          {t('issue.viewing', { code: issue.code, title: issue.title })}{' '}
          <Anchor component={Link} to={`/workspace/project/${projectId}/issues/${issue.id}`}>
            {t('issue.openIssue')}
          </Anchor>
        </Alert>
      )}
    </>
  );
}
