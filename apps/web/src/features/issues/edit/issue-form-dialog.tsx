import { Alert, Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../app/theme.ts';
import { FormError } from '../../auth/form-error.tsx';
import type { ProjectDetails } from '../../projects/project-context.ts';
import { RestError } from '../../../lib/api-errors.ts';
import { IssueFormFields } from './issue-form-fields.tsx';
import { emptyIssueForm, type IssueFormValues } from './issue-form-model.ts';
import { useIssueFormSubmit } from './use-issue-form-submit.ts';

/**
 * The create / edit issue dialog (full screen on phones). Escape or cancel closes it without saving; the
 * server's answers are shown next to the fields they are about.
 */
export function IssueFormDialog({
  project,
  groups,
  issueId,
  initial,
  onClose,
  onSaved,
}: {
  project: ProjectDetails;
  groups: readonly { id: number; name: string }[];
  /** The issue being edited; null to create one. */
  issueId: number | null;
  initial?: IssueFormValues;
  onClose: () => void;
  onSaved: (issueId: number) => void;
}) {
  const { t } = useTranslation('issue');
  const mobile = useMediaQuery(MEDIA.mobile) ?? false;
  return (
    <Modal
      opened
      onClose={onClose}
      title={issueId === null ? t('form.createTitle') : t('form.editTitle')}
      size="xl"
      fullScreen={mobile}
      closeOnClickOutside={false}
      data-testid="issue-form-dialog"
    >
      <Suspense
        fallback={
          <Center py="xl">
            <Loader />
          </Center>
        }
      >
        <IssueForm
          project={project}
          groups={groups}
          issueId={issueId}
          initial={initial}
          onClose={onClose}
          onSaved={onSaved}
        />
      </Suspense>
    </Modal>
  );
}

function IssueForm({
  project,
  groups,
  issueId,
  initial,
  onClose,
  onSaved,
}: {
  project: ProjectDetails;
  groups: readonly { id: number; name: string }[];
  issueId: number | null;
  initial: IssueFormValues | undefined;
  onClose: () => void;
  onSaved: (issueId: number) => void;
}) {
  const { t } = useTranslation('issue');
  const defaultStatus = project.disciplinesStatus.find((s) => s.active && s.name === 'todo')?.name ?? 'todo';
  const [values, setValues] = useState<IssueFormValues>(() => initial ?? emptyIssueForm(defaultStatus));
  const { submit, busy, errors, setErrors } = useIssueFormSubmit(project.id, issueId);
  const onChange = (change: Partial<IssueFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    // A field the user touches loses its error; the rest stay until the next try.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !(field in change))));
  };
  const save = async () => {
    const id = await submit(values);
    if (id !== null) onSaved(id);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="md">
        <IssueFormFields
          project={project}
          groups={groups}
          values={values}
          errors={errors}
          onChange={onChange}
        />
        {errors.form && <FormError error={new RestError(errors.form, errors.form, 400)} />}
        {Object.keys(errors).length > 0 && !errors.form && (
          <Alert color="red" variant="light" role="alert" data-testid="form-check-fields">
            {t('form.checkFields')}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs" pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="issue-form-submit">
            {issueId === null ? t('form.create') : t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
