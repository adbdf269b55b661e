import { Badge, Box, Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus } from '@obra/domain';
import type { ProjectDetails } from '../projects/project-context.ts';
import { ViewDocumentButton } from '../viewer/view-document-button.tsx';
import { BimDriveBadge } from '../bim/bim-drive-badge.tsx';
import type { DriveFile } from './drive-api.ts';
import { FileRowName, FileThumb } from './paged-files.tsx';
import { PdfProcessingChip } from './pdf-processing-chip.tsx';

export const STATUS_COLORS: Record<DocumentStatus, string> = {
  ANALYSING: 'yellow',
  APPROVED_WITH_NOTES: 'teal',
  APPROVED: 'green',
  OBSOLETED: 'gray',
  REPROVED: 'red',
};

/** A document of the drive's list: its choice box, name and fields, revisions, states and viewer. */
export function DriveRow(props: {
  project: ProjectDetails;
  file: DriveFile;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation(['drive']);
  const { project, file } = props;
  const abbreviation = (list: { id: number; abbreviation: string }[], id: number | null) =>
    id === null ? null : (list.find((x) => x.id === id)?.abbreviation ?? null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <Checkbox aria-label={file.fileName} checked={props.selected} onChange={props.onToggle} />
      <FileThumb file={file} testId="drive-thumb" />
      <FileRowName
        name={file.fileName}
        meta={[
          abbreviation(project.disciplines, file.disciplineId) ?? '—',
          abbreviation(project.locals, file.localId),
          abbreviation(project.phases, file.phase),
          file.createdByName,
          file.uploadedAt && dates.format(new Date(file.uploadedAt)),
        ]}
        testId="drive-row-name"
        onOpen={props.onOpen}
      />
      {file.revisionsCount > 1 && (
        <Badge
          size="sm"
          variant="outline"
          component="button"
          onClick={props.onOpen}
          style={{ cursor: 'pointer' }}
          data-testid="drive-row-revisions"
        >
          {t('drive:revisions', { count: file.revisionsCount })}
        </Badge>
      )}
      <BimDriveBadge projectId={project.id} file={file} />
      {/* On a phone the row keeps its width for the name; the drawer shows the state. */}
      <Box visibleFrom="sm">
        <PdfProcessingChip projectId={project.id} file={file} hideSuccess />
      </Box>
      <Badge size="sm" variant="light" color="gray" visibleFrom="sm" data-testid="drive-visibility">
        {t(`drive:visibility.${file.visibility}`)}
      </Badge>
      <Badge size="sm" color={STATUS_COLORS[file.status]} data-testid="drive-status">
        {t(`drive:status.${file.status}`)}
      </Badge>
      <ViewDocumentButton projectId={project.id} file={file} />
    </>
  );
}
