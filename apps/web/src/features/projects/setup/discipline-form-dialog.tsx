import { TEXT_LIMITS } from '@obra/domain';
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!nameError && !abbreviationError)
            onSave({ name: name.trim(), abbreviation: abbreviation.trim() });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('disciplines.name')}
            value={name}
            maxLength={TEXT_LIMITS.name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={touched ? nameError : null}
            required
            data-autofocus
          />
          <TextInput
            label={t('disciplines.abbreviation')}
            value={abbreviation}
            onChange={(e) => setAbbreviation(e.currentTarget.value)}
            error={touched ? abbreviationError : null}
            required
            maxLength={TEXT_LIMITS.abbreviation}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
