import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SetupFormDialog, SetupNameField, type NamedValueDialogProps } from './setup-form-dialog.tsx';

/** A person who can be put in a group. */
export interface GroupCandidate {
  id: number;
  label: string;
}

/** A group's name and members, to create or to edit (spec core §5: a group needs a name). */
export function GroupFormDialog({
  initial,
  candidates,
  creating,
  taken,
  onSave,
  ...dialog
}: NamedValueDialogProps<{ name: string; usersId: number[] }> & {
  candidates: GroupCandidate[];
  /** On creation the creator joins by themselves, so they are not offered. */
  creating: boolean;
}) {
  const { t } = useTranslation('projects');
  const [name, setName] = useState(initial.name);
  const [members, setMembers] = useState(initial.usersId.map(String));
  const [touched, setTouched] = useState(false);
  const nameError =
    name.trim() === '' ? t('groups.nameRequired') : taken(name) ? t('groups.nameTaken') : null;
  return (
    <SetupFormDialog
      {...dialog}
      onSubmit={() => {
        setTouched(true);
        if (!nameError) onSave({ name: name.trim(), usersId: members.map(Number) });
      }}
    >
      <SetupNameField
        label={t('groups.name')}
        value={name}
        onChange={setName}
        error={touched ? nameError : null}
      />
      <MultiSelect
        label={t('groups.members')}
        description={creating ? t('groups.creatorJoins') : undefined}
        placeholder={t('groups.membersPlaceholder')}
        data={candidates.map((c) => ({ value: String(c.id), label: c.label }))}
        value={members}
        onChange={setMembers}
        searchable
        clearable
        nothingFoundMessage={t('groups.noPeople')}
        comboboxProps={{ withinPortal: true }}
      />
    </SetupFormDialog>
  );
}
