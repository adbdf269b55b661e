import { useState, type ReactNode } from 'react';
import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import {
  SetProjectCategoriesDocument,
  SetProjectDisciplinesStatusDocument,
  SetProjectPhasesDocument,
} from '../../../gql/generated.ts';
import { useProject } from '../project-context.ts';
import { SetupScreen, useCanSetup, useSetupAction } from './setup-common.tsx';

/** One switchable item: locked ones (allowDisable false) stay on. */
interface SwitchItem<K> {
  key: K;
  label: string;
  active: boolean;
  allowDisable: boolean;
  extra?: ReactNode;
}

/** A list of switches saved together (categories, phases, discipline statuses). */
function SwitchList<K extends string | number>({
  section,
  items,
  onSave,
}: {
  section: string;
  items: SwitchItem<K>[];
  onSave: (activeKeys: K[]) => Promise<{ error?: unknown }>;
}) {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const canWrite = useCanSetup();
  const action = useSetupAction();
  const saved = new Set(items.filter((i) => i.active).map((i) => i.key));
  const [active, setActive] = useState<Set<K>>(saved);
  const dirty = items.some((i) => saved.has(i.key) !== active.has(i.key));
  const toggle = (key: K) =>
    setActive((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <SetupScreen
      section={section}
      canWrite={project.permissions.canSetup}
      editMode={{
        onSave: () => void action.run(() => onSave(items.filter((i) => active.has(i.key)).map((i) => i.key))),
        onCancel: () => setActive(saved),
        saving: action.busy,
        canSave: dirty,
      }}
    >
      <Text size="sm" c="dimmed">
        {t(`setup.${section}.intro`)}
      </Text>
      <Stack gap="sm" data-testid={`switches-${section}`}>
        {items.map((item) => (
          <Group key={item.key} justify="space-between" wrap="nowrap" gap="sm">
            <Switch
              label={item.label}
              checked={active.has(item.key)}
              disabled={!canWrite || !item.allowDisable}
              onChange={() => toggle(item.key)}
              description={item.allowDisable ? undefined : t('setup.locked')}
            />
            {item.extra}
          </Group>
        ))}
      </Stack>
    </SetupScreen>
  );
}

/** setup/categories: the issue classifications the project uses. */
export function SetupCategoriesPage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  return (
    <SwitchList
      key={project.categories.map((c) => `${c.id}${c.active}`).join()}
      section="categories"
      items={project.categories.map((c) => ({
        key: c.id,
        label: t(`enums:categories.${c.name}`, { defaultValue: c.name }),
        active: c.active,
        allowDisable: c.allowDisable,
      }))}
      onSave={(ids) =>
        client
          .mutation(SetProjectCategoriesDocument, { projectId: project.id, categoriesIds: ids })
          .toPromise()
      }
    />
  );
}

/** setup/phases: the project phases in use. */
export function SetupPhasesPage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  return (
    <SwitchList
      key={project.phases.map((p) => `${p.id}${p.active}`).join()}
      section="phases"
      items={project.phases.map((p) => ({
        key: p.id,
        label: t(`enums:phases.${p.key}`, { defaultValue: p.name }),
        active: p.active,
        allowDisable: p.allowDisable,
        extra: <Badge variant="light">{p.abbreviation}</Badge>,
      }))}
      onSave={(ids) =>
        client.mutation(SetProjectPhasesDocument, { projectId: project.id, phasesIds: ids }).toPromise()
      }
    />
  );
}

/** setup/disciplinesStatus: the per-discipline statuses, with who is responsible for each. */
export function SetupDisciplinesStatusPage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  return (
    <SwitchList
      key={project.disciplinesStatus.map((s) => `${s.name}${s.active}`).join()}
      section="disciplinesStatus"
      items={project.disciplinesStatus.map((s) => ({
        key: s.name,
        label: t(`enums:disciplineStatuses.${s.name}`, { defaultValue: s.name }),
        active: s.active,
        allowDisable: s.allowDisable,
        extra: (
          <Group gap={4} wrap="wrap" justify="flex-end">
            <Badge variant="light" color={s.responsibility ? 'blue' : 'gray'}>
              {t(`enums:responsibilities.${s.responsibility ?? 'none'}`)}
            </Badge>
            {s.deadlineAlert && <Badge variant="outline">{t('statuses.deadlineAlert')}</Badge>}
            {s.keepIssueActive && <Badge variant="outline">{t('statuses.keepIssueActive')}</Badge>}
          </Group>
        ),
      }))}
      onSave={(names) =>
        client
          .mutation(SetProjectDisciplinesStatusDocument, { projectId: project.id, disciplinesStatus: names })
          .toPromise()
      }
    />
  );
}
