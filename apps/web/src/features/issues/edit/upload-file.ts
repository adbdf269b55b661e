import type { Client } from 'urql';
import { CreateIssueUploadUrlDocument } from '../../../gql/generated.ts';
import { uploadRefusal } from '../../../lib/api-errors.ts';

/** Uploads a file to a signed address (createProjectIssueFileUploadSignedUrl, then PUT) and returns its file id. */
export async function uploadFile(client: Client, projectId: number, file: File): Promise<string> {
  const signed = await client
    .mutation(CreateIssueUploadUrlDocument, { projectId, filename: file.name })
    .toPromise();
  if (signed.error) throw signed.error;
  const target = signed.data?.createProjectIssueFileUploadSignedUrl;
  if (!target) throw new Error('UNEXPECTED');
  const response = await fetch(target.url, { method: target.method || 'PUT', body: file });
  if (!response.ok) throw await uploadRefusal(response);
  return target.fileId;
}
