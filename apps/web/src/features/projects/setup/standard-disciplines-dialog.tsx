import { useState } from 'react';
import { Checkbox, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { normalizeText } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { StandardDisciplinesDocument, type StandardDisciplinesQuery } from '../../../gql/generated.ts';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

/** A standard discipline (spec editor §3.5). */
export type StandardDiscipline = StandardDisciplinesQuery['standardDisciplines'][number];

/**
 * Adds standard disciplines. Those already in the project are checked and cannot be unchecked here (editor
 * §5.3): they are removed only from the project's discipline table.
 */
export function StandardDisciplinesDialog({
  opened,
  inProject,
  busy,
  onAdd,
  onClose,
}: {
  opened: boolean;
  inProject: ReadonlySet<number>;
  busy: boolean;
  onAdd: (chosen: StandardDiscipline[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const [list] = useQuery({ query: StandardDisciplinesDocument, pause: !opened });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [search, setSearch] = useState('');
  const label = (d: StandardDiscipline) => t(`enums:standardDisciplines.${d.key}`, { defaultValue: d.name });
  const needle = normalizeText(search.trim());
  const all = list.data?.standardDisciplines ?? [];
  const shown = all.filter((d) => !needle || normalizeText(`${label(d)} ${d.abbreviation}`).includes(needle));
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('disciplines.standardTitle')} centered size="lg">
      <Stack gap="sm">
        <TextInput
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder={t('disciplines.searchStandard')}
          aria-label={t('disciplines.searchStandard')}
          data-autofocus
        />
        {list.fetching && !list.data && <Loader size="sm" aria-label={t('common:loading')} />}
        <ScrollArea.Autosize mah={360}>
          <Stack gap={6} data-testid="standard-disciplines">
            {shown.map((d) => (
              <Checkbox
                key={d.id}
                label={`${label(d)} (${d.abbreviation})`}
                checked={inProject.has(d.id) || chosen.has(d.id)}
                disabled={inProject.has(d.id)}
                onChange={() => toggle(d.id)}
              />
            ))}
            {list.data && shown.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('disciplines.noMatch')}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        <ConfirmActions
          cancelLabel={t('common.cancel')}
          onCancel={onClose}
          confirmLabel={t('disciplines.addChosen', { count: chosen.size })}
          onConfirm={() => onAdd(all.filter((d) => chosen.has(d.id)).map((d) => ({ ...d, name: label(d) })))}
          busy={busy}
          disabled={chosen.size === 0}
          holdWhileBusy
        />
      </Stack>
    </Modal>
  );
}
