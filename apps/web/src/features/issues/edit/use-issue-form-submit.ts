import { useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { CreateIssueFromFormDocument, UpdateIssueFromFormDocument } from '../../../gql/generated.ts';
import { toUiError } from '../../../lib/api-errors.ts';
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
 * Sends the form: checks it, uploads the new images, then creates or updates the issue. Problems come back by
 * field, with the server's codes placed next to what they are about.
 */
export function useIssueFormSubmit(
  projectId: number,
  issueId: number | null,
  documentsReferences?: readonly Record<string, unknown>[],
) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<IssueFormErrors>({});
  const submit = async (values: IssueFormValues): Promise<number | null> => {
    const found = validateIssueForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    setBusy(true);
    try {
      const uploaded = await uploadFormImages(values.images, (file) => uploadFile(client, projectId, file));
      const variables = {
        projectId,
        ...formVariables(values),
        images: imagesInput(values.images, uploaded),
        ...(documentsReferences ? { documentsReferences: [...documentsReferences] } : {}),
      };
      const result =
        issueId === null
          ? await client.mutation(CreateIssueFromFormDocument, variables).toPromise()
          : await client.mutation(UpdateIssueFromFormDocument, { ...variables, issueId }).toPromise();
      if (result.error) {
        setErrors(serverErrorsToForm(toUiError(result.error).code, detailsOf(result.error)));
        return null;
      }
      const data = result.data;
      if (!data) return null;
      return 'createIssue' in data ? data.createIssue.id : data.updateIssue.id;
    } catch (error) {
      const { code } = toUiError(error);
      setErrors({ form: code === 'UNEXPECTED' ? 'USER_UPLOAD_ERROR' : code });
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, errors, setErrors };
}
