import { useMemo } from 'react';
import { useQuery } from 'urql';
import { IssueScreenDataDocument } from '../../../gql/generated.ts';
import type { OutboxEntry, QueuedIssue } from '../../../lib/offline/outbox.ts';
import { useProject } from '../../projects/project-context.ts';
import { IssueFormDialog } from './issue-form-dialog.tsx';
import { valuesFromQueue } from './queued-issue.ts';

/**
 * A queued (or refused) offline issue opened in the create form to edit it (issue 34): saved online, it is
 * created with its draft's key and leaves the outbox; saved offline, it is queued again with the edits.
 */
export function QueuedIssueDialog({
  userId,
  entry,
  onClose,
  onSaved,
}: {
  userId: number;
  entry: OutboxEntry & { write: QueuedIssue };
  onClose: () => void;
  onSaved: (issueId: number | null) => void;
}) {
  const { project } = useProject();
  const [data] = useQuery({ query: IssueScreenDataDocument, variables: { projectId: project.id } });
  const initial = useMemo(() => valuesFromQueue(entry.write.values), [entry.write.values]);
  return (
    <IssueFormDialog
      project={project}
      groups={data.data?.projectIssuesGeneralData.groups ?? []}
      issueId={null}
      initial={initial}
      {...(entry.write.documentsReferences ? { documentsReferences: entry.write.documentsReferences } : {})}
      onClose={onClose}
      onSaved={onSaved}
      offline={{ userId, onQueued: () => onSaved(null), entry: { seq: entry.seq, key: entry.key } }}
    />
  );
}
