import { TEXT_LIMITS } from '@obra/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import { SetupFormDialog, SetupNameField } from './setup-form-dialog.tsx';

/** A custom discipline's name and abbreviation, to add or to edit (editor §3.5). */
export function DisciplineFormDialog({
  opened,
  title,
  initial,
  taken,
  busy,
  onSave,
  onClose,
}: {
  opened: boolean;
  title: string;
  initial: { name: string; abbreviation: string };
  taken: (abbreviation: string) => boolean;
  busy: boolean;
  onSave: (value: { name: string; abbreviation: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const [name, setName] = useState(initial.name);
  const [abbreviation, setAbbreviation] = useState(initial.abbreviation);
  const [touched, setTouched] = useState(false);
  const nameError = name.trim() === '' ? t('disciplines.nameRequired') : null;
  const abbreviationError =
    abbreviation.trim() === ''
      ? t('disciplines.abbreviationRequired')
      : taken(abbreviation)
        ? t('disciplines.abbreviationTaken')
        : null;
  return (
    <SetupFormDialog
      opened={opened}
      title={title}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (!nameError && !abbreviationError)
          onSave({ name: name.trim(), abbreviation: abbreviation.trim() });
      }}
    >
      <SetupNameField
        label={t('disciplines.name')}
        value={name}
        onChange={setName}
        error={touched ? nameError : null}
      />
      <TextField
        label={t('disciplines.abbreviation')}
        value={abbreviation}
        onChange={setAbbreviation}
        error={touched ? abbreviationError : null}
        required
        maxLength={TEXT_LIMITS.abbreviation}
      />
    </SetupFormDialog>
  );
}
