import { Alert, Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../app/theme.ts';
import { FormError } from '../../../components/form-error.tsx';
import type { ProjectDetails } from '../../projects/project-context.ts';
import { RestError } from '../../../lib/api-errors.ts';
import { IssueFormFields } from './issue-form-fields.tsx';
import { clearIssueDraft, isFormChanged, loadIssueDraft, saveIssueDraft } from './issue-form-draft.ts';
import { emptyIssueForm, type IssueFormValues } from './issue-form-model.ts';
import { useIssueFormSubmit } from './use-issue-form-submit.ts';
import { localDate } from '@obra/domain';
import { formatCalendarDate } from '../shared/deadline-badge.tsx';
import { newPastDeadlines } from './past-deadlines.ts';

/** What the dialog is given; its form is given the same, with the dialog's close confirmation. */
interface IssueFormDialogProps {
  project: ProjectDetails;
  groups: readonly { id: number; name: string }[];
  /** The issue being edited; null to create one. */
  issueId: number | null;
  initial?: IssueFormValues;
  /** Document references the new issue keeps (an issue raised on a sheet of the document viewer). */
  documentsReferences?: readonly Record<string, unknown>[];
  onClose: () => void;
  onSaved: (issueId: number) => void;
  /**
   * A new issue may wait in the offline outbox (issue 34): `onQueued` is called instead of `onSaved` when it
   * does; `entry` is the queued issue being edited (its key is kept).
   */
  offline?: { userId: number; onQueued: () => void; entry?: { seq: number; key: string } };
}

/**
 * The create / edit issue dialog (full screen on phones). Escape, the close button or cancel close it without
 * saving, after a confirmation when something was typed; a new issue's texts and choices are kept as the
 * project's draft (localStorage) and restored when the form opens again. The server's answers are shown next to
 * the fields they are about.
 */
export function IssueFormDialog(props: IssueFormDialogProps) {
  const { issueId, onClose } = props;
  const { t } = useTranslation('issue');
  const mobile = useMediaQuery(MEDIA.mobile) ?? false;
  const changed = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const onChanged = useCallback((value: boolean) => {
    changed.current = value;
  }, []);
  const requestClose = () => {
    if (changed.current) setConfirming(true);
    else onClose();
  };
  return (
    <Modal
      opened
      onClose={requestClose}
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
          {...props}
          onChanged={onChanged}
          confirming={confirming}
          setConfirming={setConfirming}
          requestClose={requestClose}
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
  documentsReferences,
  onClose,
  onSaved,
  offline,
  onChanged,
  confirming,
  setConfirming,
  requestClose,
}: IssueFormDialogProps & {
  onChanged: (changed: boolean) => void;
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  requestClose: () => void;
}) {
  const { t, i18n } = useTranslation(['issue', 'everyday']);
  const [pastDeadlines, setPastDeadlines] = useState<string[] | null>(null);
  const defaultStatus = project.disciplinesStatus.find((s) => s.active && s.name === 'todo')?.name ?? 'todo';
  const creating = issueId === null;
  const empty = useMemo(() => emptyIssueForm(defaultStatus), [defaultStatus]);
  // What the form opened with: the issue, else the project's draft, else an empty form.
  const [start, setStart] = useState<{ values: IssueFormValues; restored: boolean }>(() => {
    if (initial) return { values: initial, restored: false };
    const draft = creating ? loadIssueDraft(project.id, empty) : null;
    return draft ? { values: draft, restored: true } : { values: empty, restored: false };
  });
  const [values, setValues] = useState<IssueFormValues>(start.values);
  useEffect(() => {
    onChanged(isFormChanged(values, start.values));
    if (creating && !initial) saveIssueDraft(project.id, values, empty);
  }, [values, start, creating, initial, project.id, empty, onChanged]);
  const startOver = () => {
    clearIssueDraft(project.id);
    setStart({ values: empty, restored: false });
    setValues(empty);
  };
  const discard = () => {
    if (creating && !initial) clearIssueDraft(project.id);
    onClose();
  };
  // The draft's idempotency key (issue 34): made once when the form opens, sent online and kept if it is queued.
  const [key] = useState(() => offline?.entry?.key ?? crypto.randomUUID());
  const { submit, busy, errors, setErrors } = useIssueFormSubmit(
    project.id,
    issueId,
    documentsReferences,
    offline
      ? { userId: offline.userId, key, ...(offline.entry ? { seq: offline.entry.seq } : {}) }
      : undefined,
  );
  const onChange = (change: Partial<IssueFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    // A field the user touches loses its error; the rest stay until the next try.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !(field in change))));
  };
  const save = async (pastConfirmed = false) => {
    // A deadline just set in the past is most often a slip of the date picker: ask before saving it.
    if (!pastConfirmed) {
      const past = newPastDeadlines(values, creating ? null : start.values, localDate(new Date()));
      if (past.length > 0) {
        setPastDeadlines(past);
        return;
      }
    }
    setPastDeadlines(null);
    const id = await submit(values);
    if (id === null) return;
    if (creating && !offline?.entry) clearIssueDraft(project.id);
    if (id === 'queued') offline?.onQueued();
    else onSaved(id);
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
        {start.restored && (
          <Alert color="blue" variant="light" data-testid="issue-draft-restored">
            <Group justify="space-between" gap="xs">
              {t('form.draftRestored')}
              <Button size="xs" variant="subtle" onClick={startOver}>
                {t('form.startOver')}
              </Button>
            </Group>
          </Alert>
        )}
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
        {pastDeadlines && !confirming ? (
          <Alert
            color="orange"
            variant="light"
            role="alertdialog"
            title={t('everyday:deadline.pastTitle', { count: pastDeadlines.length })}
            pos="sticky"
            bottom={0}
            data-testid="past-deadline-confirm"
          >
            <Stack gap="xs">
              {t('everyday:deadline.pastMessage', {
                count: pastDeadlines.length,
                dates: pastDeadlines.map((d) => formatCalendarDate(d, i18n.language)).join(', '),
              })}
              <Group justify="flex-end" gap="xs">
                <Button
                  variant="default"
                  data-autofocus
                  onClick={() => setPastDeadlines(null)}
                  data-testid="past-deadline-back"
                >
                  {t('everyday:deadline.change')}
                </Button>
                <Button
                  color="orange"
                  loading={busy}
                  onClick={() => void save(true)}
                  data-testid="past-deadline-save"
                >
                  {t('everyday:deadline.saveAnyway')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : confirming ? (
          <Alert
            color="orange"
            variant="light"
            role="alertdialog"
            title={creating ? t('form.discardNewTitle') : t('form.discardEditTitle')}
            pos="sticky"
            bottom={0}
            data-testid="issue-form-discard"
          >
            <Stack gap="xs">
              {creating && !initial && t('form.discardNewMessage')}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" data-autofocus onClick={() => setConfirming(false)}>
                  {t('form.keepEditing')}
                </Button>
                {creating && !initial && (
                  <Button variant="light" onClick={onClose}>
                    {t('form.keepDraft')}
                  </Button>
                )}
                <Button color="red" onClick={discard}>
                  {t('form.discard')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group justify="flex-end" gap="xs" pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)">
            <Button variant="default" onClick={requestClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="issue-form-submit">
              {issueId === null ? t('form.create') : t('form.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
