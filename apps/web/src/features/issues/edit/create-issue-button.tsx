import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { IssueScreenDataDocument } from '../../../gql/generated.ts';
import { useProject } from '../../projects/project-context.ts';
import { issueViewPath } from '../shared/issue-list-context.ts';
import { IssueFormDialog } from './issue-form-dialog.tsx';
import { useSession } from '../../../app/guards/session-context.ts';
import { useDemoLock } from '../../demo-mode/demo-mode.tsx';

/**
 * "New issue" for the list header: opens the create dialog and, once created, the new issue's view. Hidden on
 * inactive projects, where nothing can be created.
 */
export function CreateIssueButton({ onCreated }: { onCreated?: (issueId: number) => void }) {
  const { project } = useProject();
  const [open, setOpen] = useState(false);
  if (project.status !== 1) return null;
  return (
    <Suspense fallback={null}>
      <CreateIssueButtonInner open={open} setOpen={setOpen} {...(onCreated ? { onCreated } : {})} />
    </Suspense>
  );
}

function CreateIssueButtonInner({
  open,
  setOpen,
  onCreated,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  onCreated?: (issueId: number) => void;
}) {
  const { t } = useTranslation('issue');
  const { project } = useProject();
  const navigate = useNavigate();
  const { lock } = useDemoLock();
  return (
    <>
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={() => setOpen(true)}
        data-testid="create-issue"
        {...lock}
      >
        {t('form.newIssue')}
      </Button>
      {open && (
        <CreateIssueDialog
          onClose={() => setOpen(false)}
          onQueued={() => {
            setOpen(false);
            notifications.show({ color: 'yellow', message: t('offline.queued') });
          }}
          onSaved={(id) => {
            setOpen(false);
            if (onCreated) onCreated(id);
            else void navigate(issueViewPath(project.id, id));
          }}
        />
      )}
    </>
  );
}

function CreateIssueDialog({
  onClose,
  onSaved,
  onQueued,
}: {
  onClose: () => void;
  onSaved: (id: number) => void;
  onQueued: () => void;
}) {
  const { project } = useProject();
  const { user } = useSession();
  const [data] = useQuery({ query: IssueScreenDataDocument, variables: { projectId: project.id } });
  return (
    <IssueFormDialog
      project={project}
      groups={data.data?.projectIssuesGeneralData.groups ?? []}
      issueId={null}
      onClose={onClose}
      onSaved={onSaved}
      {...(user ? { offline: { userId: user.id, onQueued } } : {})}
    />
  );
}
