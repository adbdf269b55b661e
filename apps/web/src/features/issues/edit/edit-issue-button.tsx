import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssueScreen } from '../view/use-issue-screen.ts';
import { IssueFormDialog } from './issue-form-dialog.tsx';
import { issueToForm } from './issue-form-model.ts';
import { useDemoLock } from '../../demo-mode/demo-mode.tsx';

/** "Edit" on the issue view, for those who may change every field (coordinators and the creator). */
export function EditIssueButton({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation('issue');
  const [open, setOpen] = useState(false);
  const { lock } = useDemoLock();
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconPencil size={16} />}
        onClick={() => setOpen(true)}
        data-testid="edit-issue"
        {...lock}
      >
        {t('form.edit')}
      </Button>
      {open && (
        <IssueFormDialog
          project={screen.project}
          groups={screen.general.groups}
          issueId={screen.issue.id}
          initial={issueToForm(screen.issue)}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            screen.reload();
          }}
        />
      )}
    </>
  );
}
