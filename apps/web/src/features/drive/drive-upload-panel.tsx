import { Button, Group, Select, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_VISIBILITIES, PROJECT_PHASES, type DocumentVisibility } from '@obra/domain';
import type { ProjectDetails } from '../projects/project-context.ts';
import { api } from '../../lib/api/rest-client.ts';
import { checkUpload, namingContextOf, type UploadCheck } from './drive-upload.ts';
import { UploadDropzone, UploadFooter, UploadInput, UploadList, useUploadQueue } from './upload-queue.tsx';

/** Drag and drop (files and folders) or pick files; each file shows its fields read from the name and its progress. */
export function DriveUploadPanel(props: { project: ProjectDetails; onUploaded: () => void }) {
  const { t } = useTranslation(['drive', 'errors']);
  const context = useMemo(() => namingContextOf(props.project), [props.project]);
  const [visibility, setVisibility] = useState<DocumentVisibility>('public');
  const input = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const queue = useUploadQueue<UploadCheck>({
    ns: 'drive',
    checkOf: (file) => checkUpload(file, context),
    sendable: (check) => check.ok,
    create: (file) =>
      api.post('/project-drive/projects/{projectId}/files', {
        path: { projectId: props.project.id },
        body: { fileName: file.name, fileSize: file.size, visibility },
      }),
    confirm: (fileId) =>
      api.patch('/project-drive/projects/{projectId}/files/{fileId}/confirm-upload', {
        path: { projectId: props.project.id, fileId },
      }),
    onUploaded: props.onUploaded,
  });

  const describe = (check: UploadCheck): string => {
    if (check.ok) {
      const p = check.parsed;
      const discipline = props.project.disciplines.find((d) => d.id === p.disciplineId);
      const phase = PROJECT_PHASES.find((x) => x.id === p.phase);
      return [
        p.documentName,
        p.revisionName && t('drive:upload.revision', { revision: p.revisionName }),
        discipline?.abbreviation,
        phase && t(`enums:phases.${phase.key}`, { defaultValue: phase.abbreviation }),
      ]
        .filter(Boolean)
        .join(' · ');
    }
    if (check.reason !== 'name') return t(`drive:upload.problem.${check.reason}`);
    const problem = check.problem;
    if (problem.reason === 'pattern')
      return t('drive:upload.problem.pattern', { expected: problem.expected, found: problem.found });
    return t(`drive:upload.problem.${problem.reason}`, {
      field: t(`drive:fields.${problem.field}`),
      value: 'value' in problem ? problem.value : '',
    });
  };

  return (
    <UploadDropzone ns="drive" onFiles={queue.add}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <IconUpload size={18} />
          <Text size="sm">{t('drive:upload.drop')}</Text>
        </Group>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => input.current?.click()}>
            {t('drive:upload.chooseFiles')}
          </Button>
          <Button variant="default" size="xs" onClick={() => folder.current?.click()}>
            {t('drive:upload.chooseFolder')}
          </Button>
        </Group>
      </Group>
      <UploadInput inputRef={input} testId="drive-file-input" onFiles={queue.add} />
      <UploadInput inputRef={folder} testId="drive-folder-input" folder onFiles={queue.add} />
      {props.project.documentsNamingRule.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('drive:upload.rule', {
            rule: props.project.documentsNamingRule
              .map((f) => t(`drive:fields.${f}`))
              .join(` ${props.project.documentsNamingRuleSeparator} `),
          })}
        </Text>
      )}
      <UploadList
        ns="drive"
        items={queue.items}
        view={(item) => ({ ok: item.check.ok, detail: describe(item.check) })}
      />
      <UploadFooter
        ns="drive"
        failed={queue.failed}
        pending={queue.pending}
        onSend={() => void queue.sendAll()}
      >
        <Select
          size="xs"
          aria-label={t('drive:columns.visibility')}
          value={visibility}
          onChange={(v) => v && setVisibility(v as DocumentVisibility)}
          data={DOCUMENT_VISIBILITIES.map((v) => ({ value: v, label: t(`drive:visibility.${v}`) }))}
          allowDeselect={false}
        />
      </UploadFooter>
    </UploadDropzone>
  );
}
