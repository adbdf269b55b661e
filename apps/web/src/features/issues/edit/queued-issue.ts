import type { Client } from 'urql';
import { CreateIssueFromFormDocument } from '../../../gql/generated.ts';
import { RestError } from '../../../lib/api-errors.ts';
import type { OutboxEntry, QueuedIssue } from '../../../lib/offline/outbox.ts';
import { outcomeOf, type SendOutcome } from '../../../lib/offline/outbox-machine.ts';
import { imagesInput, uploadFormImages, type ImageInput } from './form-images-model.ts';
import { formVariables, type IssueFormValues } from './issue-form-model.ts';
import { uploadFile } from './upload-file.ts';

/**
 * A new issue from the outbox (issue 34, docs/offline.md): the same variables the online form sends, with the
 * draft's idempotency key, so a send whose answer was lost, sent again, never makes a second issue.
 */
export function queuedIssueVariables(write: QueuedIssue, key: string, images: readonly ImageInput[]) {
  return {
    projectId: write.projectId,
    ...formVariables(write.values),
    images: [...images],
    ...(write.documentsReferences ? { documentsReferences: [...write.documentsReferences] } : {}),
    idempotencyKey: key,
  };
}

/** The form values as the outbox keeps them: without the page's object URLs (made again when shown). */
export function valuesToQueue(values: IssueFormValues): IssueFormValues {
  return { ...values, images: values.images.map((image) => ({ ...image, url: '' })) };
}

/** The queued values made showable again: object URLs of the kept photos. */
export function valuesFromQueue(values: IssueFormValues): IssueFormValues {
  return {
    ...values,
    images: values.images.map((image) =>
      image.file ? { ...image, url: URL.createObjectURL(image.file) } : image,
    ),
  };
}

/** What an upload's failure means for the outbox: no answer waits; a code of the catalogue is the server's no. */
function uploadFailure(error: unknown): SendOutcome {
  if (error instanceof Error && error.name === 'CombinedError') {
    const combined = error as Error & {
      networkError?: Error;
      graphQLErrors: { extensions: Record<string, unknown> }[];
    };
    return outcomeOf({
      networkError: combined.networkError,
      code: combined.graphQLErrors[0]?.extensions['code'],
    });
  }
  if (error instanceof RestError) return outcomeOf({ code: error.code });
  // fetch's TypeError: the network went on the way.
  return outcomeOf({ networkError: error });
}

/**
 * Sends a queued issue: uploads its photos (the usual issue-image flow), then creates the issue with its key.
 * The photos of a send cut off after their upload are uploaded again next time (unattached uploads are left to
 * the server's clean-up); the issue is made once.
 */
export async function sendQueuedIssue(
  client: Client,
  entry: OutboxEntry & { write: QueuedIssue },
): Promise<{ outcome: SendOutcome; issueId?: number }> {
  let images: ImageInput[];
  try {
    const uploaded = await uploadFormImages(entry.write.values.images, (file) =>
      uploadFile(client, entry.write.projectId, file),
    );
    images = imagesInput(entry.write.values.images, uploaded);
  } catch (error) {
    return { outcome: uploadFailure(error) };
  }
  const response = await client
    .mutation(CreateIssueFromFormDocument, queuedIssueVariables(entry.write, entry.key, images), {
      requestPolicy: 'network-only',
    })
    .toPromise();
  if (response.error)
    return {
      outcome: outcomeOf({
        networkError: response.error.networkError,
        code: response.error.graphQLErrors[0]?.extensions['code'],
      }),
    };
  const issueId = response.data?.createIssue.id;
  return issueId === undefined ? { outcome: { kind: 'retry' } } : { outcome: { kind: 'sent' }, issueId };
}
