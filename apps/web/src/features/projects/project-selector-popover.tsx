import { useState, type ReactNode } from 'react';
import {
  Avatar,
  Button,
  Checkbox,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch, IconSelector } from '@tabler/icons-react';
import { normalizeText } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import {
  AdminProjectsDocument,
  WorkspaceProjectsDocument,
  type ProjectCardFieldsFragment,
} from '../../gql/generated.ts';
import { projectColour } from './project-colour.ts';

/** Whose projects are offered: the caller's company's (workspace) or every project (admin area). */
export type ProjectScope = 'workspace' | 'admin';

/** The projects of a scope, loaded while `active`. */
export function useScopeProjects(
  scope: ProjectScope,
  active = true,
): { projects: ProjectCardFieldsFragment[] | undefined; fetching: boolean } {
  const [workspace] = useQuery({ query: WorkspaceProjectsDocument, pause: !active || scope !== 'workspace' });
  const [admin] = useQuery({ query: AdminProjectsDocument, pause: !active || scope !== 'admin' });
  return scope === 'admin'
    ? { projects: admin.data?.adminProjects, fetching: admin.fetching }
    : { projects: workspace.data?.workspaceProjects, fetching: workspace.fetching };
}

type Selection =
  | {
      mode: 'single';
      value: number | null;
      onChange: (id: number, project: ProjectCardFieldsFragment) => void;
    }
  | { mode: 'multiple'; value: readonly number[]; onChange: (ids: number[]) => void };

/**
 * The project selector popover of editor §2.4: a search box and single or multiple selection over the
 * caller's projects (every project in the admin area). `exclude` hides projects that make no sense as a choice
 * (the current one).
 */
export function ProjectSelectorPopover({
  selection,
  label,
  exclude = [],
  filter,
  target,
  scope = 'workspace',
}: {
  selection: Selection;
  label: string;
  exclude?: readonly number[];
  filter?: (project: ProjectCardFieldsFragment) => boolean;
  target: ReactNode;
  scope?: ProjectScope;
}) {
  const { t } = useTranslation('projects');
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const list = useScopeProjects(scope, opened);
  const needle = normalizeText(search.trim());
  const projects = (list.projects ?? [])
    .filter((p) => !exclude.includes(p.id) && (!filter || filter(p)))
    .filter((p) => !needle || normalizeText(p.name).includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name));

  const pick = (id: number) => {
    if (selection.mode === 'single') {
      const project = projects.find((p) => p.id === id);
      if (project) selection.onChange(id, project);
      setOpened(false);
      return;
    }
    const has = selection.value.includes(id);
    selection.onChange(has ? selection.value.filter((v) => v !== id) : [...selection.value, id]);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={320} shadow="md" trapFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={label}
          aria-expanded={opened}
          data-testid="project-selector"
        >
          {target}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack
          gap="xs"
          role="listbox"
          aria-label={label}
          aria-multiselectable={selection.mode === 'multiple'}
        >
          <TextInput
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder={t('selector.search')}
            aria-label={t('selector.search')}
            leftSection={<IconSearch size={14} />}
            data-autofocus
          />
          {list.fetching && !list.projects && <Loader size="sm" aria-label={t('common:loading')} />}
          {list.projects && projects.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="sm">
              {t('selector.empty')}
            </Text>
          )}
          <ScrollArea.Autosize mah={300}>
            <Stack gap={2}>
              {projects.map((project) => (
                <SelectorOption key={project.id} project={project} selection={selection} onPick={pick} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {selection.mode === 'multiple' && (
            <Button size="xs" variant="light" onClick={() => setOpened(false)}>
              {t('selector.done')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function SelectorOption({
  project,
  selection,
  onPick,
}: {
  project: ProjectCardFieldsFragment;
  selection: Selection;
  onPick: (id: number) => void;
}) {
  const selected =
    selection.mode === 'single' ? selection.value === project.id : selection.value.includes(project.id);
  return (
    <UnstyledButton
      role="option"
      aria-selected={selected}
      aria-label={project.name}
      onClick={() => onPick(project.id)}
      p={6}
      style={{ borderRadius: 6, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
      data-testid="project-selector-option"
    >
      <Group gap="sm" wrap="nowrap">
        {selection.mode === 'multiple' && <Checkbox checked={selected} readOnly tabIndex={-1} aria-hidden />}
        <Avatar
          src={project.image ?? null}
          name={project.name}
          color={projectColour(project.id)}
          size="sm"
          radius="sm"
        />
        <Text size="sm" lineClamp={1}>
          {project.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** The trigger the project header uses: the current project's name and a chevron. */
export function SelectorTarget({ name }: { name: string }) {
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Text fw={600} lineClamp={1} data-testid="project-name">
        {name}
      </Text>
      <IconSelector size={16} />
    </Group>
  );
}
