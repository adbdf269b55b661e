import { useMemo } from 'react';
import type { SheetReference } from '@obra/domain';
import { useQuery } from 'urql';
import { IssueScreenDataDocument } from '../../gql/generated.ts';
import { IssueFormDialog } from '../issues/edit/issue-form-dialog.tsx';
import type { IssueFormValues } from '../issues/edit/issue-form-model.ts';
import { useProject } from '../projects/project-context.ts';

/** The existing create-issue dialog, opened with the sheet's picture, the pin and the document reference. */
export function SheetIssueDialog(props: {
  draft: { initial: IssueFormValues; reference: SheetReference };
  onClose: () => void;
  onSaved: (issueId: number) => void;
}) {
  const { project } = useProject();
  const [data] = useQuery({ query: IssueScreenDataDocument, variables: { projectId: project.id } });
  const references = useMemo(() => [{ ...props.draft.reference }], [props.draft.reference]);
  return (
    <IssueFormDialog
      project={project}
      groups={data.data?.projectIssuesGeneralData.groups ?? []}
      issueId={null}
      initial={props.draft.initial}
      documentsReferences={references}
      onClose={props.onClose}
      onSaved={props.onSaved}
    />
  );
}
