import { TEXT_LIMITS } from '@obra/domain';
import { ActionIcon, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { SavePersonalTagsDocument, SetIssueUserTagsDocument } from '../../../gql/generated.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import type { IssueScreen } from './use-issue-screen.ts';
import { useQueueEdit, wantsQueue } from '../../offline/use-queue-edit.ts';

/**
 * The user's personal tags on the issue (setProjectIssueUserTags), chosen from their tags of the project
 * (projectIssuesGeneralData.userTags); a new tag can be added to their list here. Nobody else sees them.
 */
export function PersonalTags({ screen, onTagsChanged }: { screen: IssueScreen; onTagsChanged: () => void }) {
  const { t } = useTranslation('issue');
  const { issue, general } = screen;
  const [, setTags] = useMutation(SetIssueUserTagsDocument);
  const [, saveTags] = useMutation(SavePersonalTagsDocument);
  const queueEdit = useQueueEdit();
  const [draft, setDraft] = useState('');
  const selected = issue.userPersonalData.tags.map((tag) => String(tag.tagId));
  const apply = async (ids: number[]) => {
    const edit = { kind: 'tags' as const, projectId: issue.projectId, issueId: issue.id, tags: ids };
    // Offline: applied to the offline copy and queued (issue 34).
    if (wantsQueue()) return void queueEdit(edit).then(screen.reload);
    const response = await setTags({ projectId: issue.projectId, issueId: issue.id, tags: ids });
    if (wantsQueue(response.error)) await queueEdit(edit).then(screen.reload);
    else if (response.error) showErrorToast(t, response.error);
    else screen.reload();
  };
  const create = async () => {
    const name = draft.trim();
    if (!name) return;
    const existing = general.userTags.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
    let id = existing?.id;
    if (!existing) {
      const tags = [...general.userTags.map((tag) => ({ id: tag.id, name: tag.name })), { name }];
      const response = await saveTags({ projectId: issue.projectId, tags });
      if (response.error) return showErrorToast(t, response.error);
      id = response.data?.setProjectUserTags.find((tag) => tag.name === name)?.id;
      onTagsChanged();
    }
    setDraft('');
    if (id !== undefined) await apply([...selected.map(Number), id]);
  };
  return (
    <Stack gap={6} data-testid="personal-tags">
      <MultiSelect
        size="xs"
        aria-label={t('tags.label')}
        placeholder={selected.length === 0 ? t('tags.placeholder') : undefined}
        data={general.userTags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
        value={selected}
        onChange={(values) => void apply(values.map(Number))}
        nothingFoundMessage={t('tags.none')}
        searchable
        clearable
      />
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={t('tags.new')}
          placeholder={t('tags.new')}
          value={draft}
          maxLength={TEXT_LIMITS.name}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void create();
            }
          }}
        />
        <ActionIcon
          variant="default"
          aria-label={t('tags.add')}
          onClick={() => void create()}
          disabled={!draft.trim()}
        >
          <IconPlus size={14} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
