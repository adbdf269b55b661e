import { emitEmbeddingEvent } from '../../../app/embedding-bridge.tsx';
import { useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { CreateIssueFromFormDocument, UpdateIssueFromFormDocument } from '../../../gql/generated.ts';
import { toUiError } from '../../../lib/api-errors.ts';
import { enqueue, getEntry, outboxAvailable, removeEntry, updateEntry } from '../../../lib/offline/outbox.ts';
import { announce } from '../../../lib/offline/sync.ts';
import { valuesToQueue } from './queued-issue.ts';
import { imagesInput, uploadFormImages } from './form-images-model.ts';
import { uploadFile } from './upload-file.ts';
import {
  formVariables,
  serverErrorsToForm,
  validateIssueForm,
  type IssueFormErrors,
  type IssueFormValues,
} from './issue-form-model.ts';

/** The server's `extensions.details` of a GraphQL failure, when it has them. */
function detailsOf(error: CombinedError): unknown {
  return error.graphQLErrors[0]?.extensions?.['details'];
}

/**
 * How a new issue may wait in the offline outbox (issue 34, docs/offline.md): the user's outbox, the draft's
 * idempotency key (made once per draft, sent online too) and, when the form edits a queued issue, its entry.
 */
export interface OfflineCreate {
  readonly userId: number;
  readonly key: string;
  readonly seq?: number;
}

/** Whether a failure means the server was not reached (the network went), not that it said no. */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof Error && error.name === 'CombinedError')
    return (
      Boolean((error as CombinedError).networkError) && (error as CombinedError).graphQLErrors.length === 0
    );
  return toUiError(error).code === 'FAILED_TO_FETCH';
}

/**
 * Sends the form: checks it, uploads the new images, then creates or updates the issue. Problems come back by
 * field, with the server's codes placed next to what they are about. With `offline`, a new issue written
 * without a network (or whose send lost it) is queued in the outbox instead: `submit` answers 'queued'.
 */
export function useIssueFormSubmit(
  projectId: number,
  issueId: number | null,
  documentsReferences?: readonly Record<string, unknown>[],
  offline?: OfflineCreate,
) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<IssueFormErrors>({});
  const queue = async (values: IssueFormValues, setting: OfflineCreate): Promise<'queued'> => {
    const write = {
      kind: 'issue' as const,
      projectId,
      values: valuesToQueue(values),
      ...(documentsReferences ? { documentsReferences: [...documentsReferences] } : {}),
    };
    const kept = setting.seq === undefined ? undefined : await getEntry(setting.userId, setting.seq);
    if (kept) {
      const { code: _code, ...rest } = kept;
      await updateEntry(setting.userId, { ...rest, write, state: 'queued' });
    } else await enqueue(setting.userId, write, setting.key);
    announce();
    return 'queued';
  };
  const submit = async (values: IssueFormValues): Promise<number | 'queued' | null> => {
    const found = validateIssueForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    const canQueue = issueId === null && offline !== undefined && outboxAvailable();
    setBusy(true);
    try {
      if (canQueue && !navigator.onLine) return await queue(values, offline);
      const uploaded = await uploadFormImages(values.images, (file) => uploadFile(client, projectId, file));
      const variables = {
        projectId,
        ...formVariables(values),
        images: imagesInput(values.images, uploaded),
        ...(documentsReferences ? { documentsReferences: [...documentsReferences] } : {}),
      };
      const result =
        issueId === null
          ? await client
              .mutation(CreateIssueFromFormDocument, {
                ...variables,
                ...(offline ? { idempotencyKey: offline.key } : {}),
              })
              .toPromise()
          : await client.mutation(UpdateIssueFromFormDocument, { ...variables, issueId }).toPromise();
      if (result.error && canQueue && isNetworkFailure(result.error)) return await queue(values, offline);
      if (result.error) {
        setErrors(serverErrorsToForm(toUiError(result.error).code, detailsOf(result.error)));
        return null;
      }
      const data = result.data;
      if (!data) return null;
      // A queued issue edited and sent online: its entry is done.
      if (offline?.seq !== undefined) {
        await removeEntry(offline.userId, offline.seq);
        announce();
      }
      if ('createIssue' in data)
        emitEmbeddingEvent({ type: 'obra:issueCreated', projectId, issueId: data.createIssue.id });
      return 'createIssue' in data ? data.createIssue.id : data.updateIssue.id;
    } catch (error) {
      if (canQueue && isNetworkFailure(error)) return await queue(values, offline);
      const { code } = toUiError(error);
      setErrors({ form: code === 'UNEXPECTED' ? 'USER_UPLOAD_ERROR' : code });
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, errors, setErrors };
}
