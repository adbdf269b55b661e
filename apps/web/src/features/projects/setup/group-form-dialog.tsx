import { TEXT_LIMITS } from '@obra/domain';
import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';

/** A person who can be put in a group. */
export interface GroupCandidate {
  id: number;
  label: string;
}

/** A group's name and members, to create or to edit (spec core §5: a group needs a name). */
export function GroupFormDialog({
  title,
  initial,
  candidates,
  creating,
  taken,
  busy,
  error,
  onSave,
  onClose,
}: {
  title: string;
  initial: { name: string; usersId: number[] };
  candidates: GroupCandidate[];
  /** On creation the creator joins by themselves, so they are not offered. */
  creating: boolean;
  taken: (name: string) => boolean;
  busy: boolean;
  error: unknown;
  onSave: (value: { name: string; usersId: number[] }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const [name, setName] = useState(initial.name);
  const [members, setMembers] = useState(initial.usersId.map(String));
  const [touched, setTouched] = useState(false);
  const nameError =
    name.trim() === '' ? t('groups.nameRequired') : taken(name) ? t('groups.nameTaken') : null;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!nameError) onSave({ name: name.trim(), usersId: members.map(Number) });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('groups.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={touched ? nameError : null}
            required
            maxLength={TEXT_LIMITS.name}
            data-autofocus
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
          <FormError error={error} />
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
