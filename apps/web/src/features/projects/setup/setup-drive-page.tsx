import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import type { NamingRuleField } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { SetProjectDocumentsNamingRuleDocument } from '../../../gql/generated.ts';
import { useProject, type ProjectDetails } from '../project-context.ts';
import { projectInitials } from '../project-sections.ts';
import { NamingRuleEditor, type NamingRuleDraft } from './naming-rule-editor.tsx';
import {
  draftFromStored,
  isNamingSeparator,
  namingRuleProblems,
  recommendedRule,
} from './naming-rule-model.ts';
import { SetupScreen, useCanSetup, useSetupAction } from './setup-common.tsx';
import { SectionHeading } from '../../../components/heading.tsx';

function storedDraft(project: ProjectDetails): NamingRuleDraft {
  const separator = project.documentsNamingRuleSeparator;
  return {
    fields:
      project.documentsNamingRule.length === 0
        ? recommendedRule()
        : draftFromStored(project.documentsNamingRule),
    separator: isNamingSeparator(separator) ? separator : '-',
  };
}

/** Sample values for the example name, taken from the project's own settings where it has them. */
function useSamples(project: ProjectDetails): Record<NamingRuleField, string> {
  const { t } = useTranslation('projects');
  const local = project.locals.find((l) => l.parentId === null);
  // The first phase the project uses, past 'not defined', which no document is named after.
  const phase = project.phases.find((p) => p.active && p.abbreviation && p.key !== 'NOT_DEFINED');
  return {
    project: projectInitials(project.name),
    company: projectInitials(project.company.name),
    discipline: project.disciplines[0]?.abbreviation ?? 'ARQ',
    phase: phase?.abbreviation ?? 'EP',
    local: local?.abbreviation ?? 'TA',
    documentType: t('namingRule.samples.documentType'),
    sequence: '001',
    description: t('namingRule.samples.description'),
    revision: 'R00',
  };
}

/**
 * setup/drive: the drive settings of the project, today its document naming rule (editor §5.4). A project
 * without a rule is offered the recommended one, ready to save.
 */
export function SetupDrivePage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  const action = useSetupAction();
  const canWrite = useCanSetup();
  const saved = storedDraft(project);
  const [draft, setDraft] = useState<NamingRuleDraft>(saved);
  const samples = useSamples(project);
  const valid = namingRuleProblems(draft.fields, draft.separator).length === 0;
  const dirty =
    project.documentsNamingRule.length === 0 ||
    draft.separator !== project.documentsNamingRuleSeparator ||
    draft.fields.join('\n') !== project.documentsNamingRule.join('\n');

  const save = () =>
    void action.run(() =>
      client
        .mutation(SetProjectDocumentsNamingRuleDocument, {
          projectId: project.id,
          documentsNamingRule: draft.fields,
          documentsNamingRuleSeparator: draft.separator,
        })
        .toPromise(),
    );

  return (
    <SetupScreen
      section="drive"
      canWrite={project.permissions.canSetup}
      editMode={{
        onSave: save,
        onCancel: () => setDraft(saved),
        saving: action.busy,
        canSave: valid && dirty,
      }}
    >
      <Stack gap="xs">
        <SectionHeading title={t('namingRule.title')} intro={t('namingRule.intro')} order={2} size="h4" />
      </Stack>
      {project.documentsNamingRule.length === 0 && (
        <Alert color="blue" variant="light" data-testid="naming-rule-unset">
          {t(canWrite ? 'namingRule.unsetWritable' : 'namingRule.unset')}
        </Alert>
      )}
      {(canWrite || project.documentsNamingRule.length > 0) && (
        <NamingRuleEditor draft={draft} samples={samples} readOnly={!canWrite} onChange={setDraft} />
      )}
    </SetupScreen>
  );
}
