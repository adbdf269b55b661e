import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { CopyProjectSettingsDocument } from '../../../gql/generated.ts';
import { useProject } from '../project-context.ts';
import { PROJECT_ACTIVE } from '../project-sections.ts';
import { ProjectSelectorPopover, useScopeProjects } from '../project-selector-popover.tsx';
import { useSetupArea } from './setup-area.ts';
import { ConfirmDialog, SetupScreen, useSetupAction } from './setup-common.tsx';

/** The parts copyProjectSettings can copy (its `settings` JSON). */
export const COPY_PARTS = [
  'locals',
  'labels',
  'categories',
  'phases',
  'disciplines',
  'disciplinesStatus',
  'documentsNamingRule',
] as const;

type CopyPart = (typeof COPY_PARTS)[number];

/** setup/exportSettings: copies this project's settings into other projects. */
export function SetupExportPage() {
  return <CopySettings direction="export" />;
}

/** setup/importSettings: copies another project's settings into this one. */
export function SetupImportPage() {
  return <CopySettings direction="import" />;
}

function CopySettings({ direction }: { direction: 'export' | 'import' }) {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  const action = useSetupAction();
  const { kind } = useSetupArea();
  const projects = useScopeProjects(kind);
  const [chosen, setChosen] = useState<number[]>([]);
  const [parts, setParts] = useState<Set<CopyPart>>(new Set(COPY_PARTS));
  const [confirming, setConfirming] = useState(false);
  const names = new Map((projects.projects ?? []).map((p) => [p.id, p.name]));
  const section = direction === 'export' ? 'exportSettings' : 'importSettings';
  const canWrite = project.permissions.canDuplicate;
  const ready =
    canWrite &&
    chosen.length > 0 &&
    parts.size > 0 &&
    (direction === 'export' || project.status === PROJECT_ACTIVE);

  const copy = async () => {
    const settings = Object.fromEntries(COPY_PARTS.map((p) => [p, parts.has(p)]));
    const [source] = chosen;
    const variables =
      direction === 'export'
        ? { sourceProjectId: project.id, targetProjectsIds: chosen, settings }
        : { sourceProjectId: source ?? 0, targetProjectsIds: [project.id], settings };
    const done = await action.run(() => client.mutation(CopyProjectSettingsDocument, variables).toPromise());
    if (done) {
      setConfirming(false);
      setChosen([]);
    }
  };
  const togglePart = (part: CopyPart) =>
    setParts((current) => {
      const next = new Set(current);
      if (next.has(part)) next.delete(part);
      else next.add(part);
      return next;
    });

  return (
    <SetupScreen section={section} canWrite={canWrite}>
      <Text size="sm">{t(`setup.${section}.intro`)}</Text>
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t(direction === 'export' ? 'copy.targets' : 'copy.source')}
        </Text>
        <Group gap="xs">
          <ProjectSelectorPopover
            label={t(direction === 'export' ? 'copy.chooseTargets' : 'copy.chooseSource')}
            exclude={[project.id]}
            scope={kind}
            filter={direction === 'export' ? (p) => p.status === PROJECT_ACTIVE : undefined}
            selection={
              direction === 'export'
                ? { mode: 'multiple', value: chosen, onChange: setChosen }
                : { mode: 'single', value: chosen[0] ?? null, onChange: (id) => setChosen([id]) }
            }
            target={
              <Button component="span" variant="default">
                {t(direction === 'export' ? 'copy.chooseTargets' : 'copy.chooseSource')}
              </Button>
            }
          />
          {chosen.map((id) => (
            <Badge key={id} variant="light" data-testid="copy-chosen">
              {names.get(id) ?? id}
            </Badge>
          ))}
        </Group>
      </Stack>
      <Stack gap={6}>
        <Text fw={500} size="sm">
          {t('copy.parts')}
        </Text>
        {COPY_PARTS.map((part) => (
          <Checkbox
            key={part}
            label={t(`copy.part.${part}`)}
            checked={parts.has(part)}
            onChange={() => togglePart(part)}
          />
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button disabled={!ready} onClick={() => setConfirming(true)}>
          {t('copy.run')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('copy.confirmTitle')}
        message={t(direction === 'export' ? 'copy.confirmExport' : 'copy.confirmImport', {
          projects: chosen.map((id) => names.get(id) ?? String(id)).join(', '),
        })}
        confirmLabel={t('copy.run')}
        busy={action.busy}
        onConfirm={() => void copy()}
        onClose={() => setConfirming(false)}
      />
    </SetupScreen>
  );
}
