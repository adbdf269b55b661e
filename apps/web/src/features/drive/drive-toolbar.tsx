import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATUSES, DOCUMENT_VISIBILITIES, type DocumentStatus } from '@obra/domain';
import type { ProjectDetails } from '../projects/project-context.ts';
import type { DriveView } from './drive-query.ts';
import { FileListToolbar } from './file-list-bars.tsx';

const FIELD_WIDTH = { base: '100%', xs: 'auto' } as const;
const SORT_KEYS = ['uploadedAt', 'updatedAt', 'fileName'] as const;

/** The drive's search, its filters (status, discipline, visibility) and sort, all kept in the address. */
export function DriveToolbar(props: {
  project: ProjectDetails;
  view: DriveView;
  setView: (change: Partial<DriveView>) => void;
}) {
  const { t } = useTranslation(['drive']);
  const { view, setView } = props;
  return (
    <FileListToolbar
      searchLabel={t('drive:filters.search')}
      search={view.search}
      onSearch={(search) => setView({ search })}
      sortLabel={t('drive:sort.label')}
      sortOptions={SORT_KEYS.flatMap((s) =>
        (['desc', 'asc'] as const).map((o) => ({ value: `${s}:${o}`, label: t(`drive:sort.${s}_${o}`) })),
      )}
      sort={`${view.sort}:${view.order}`}
      onSort={(v) => {
        const [sort, order] = (v ?? 'uploadedAt:desc').split(':') as [DriveView['sort'], DriveView['order']];
        setView({ sort, order });
      }}
    >
      <MultiSelect
        aria-label={t('drive:columns.status')}
        placeholder={view.status.length === 0 ? t('drive:columns.status') : undefined}
        data={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`drive:status.${s}`) }))}
        value={view.status}
        onChange={(v) => setView({ status: v as DocumentStatus[] })}
        clearable
        maxDropdownHeight="30rem"
        w={FIELD_WIDTH}
      />
      <MultiSelect
        aria-label={t('drive:columns.discipline')}
        placeholder={view.disciplineId.length === 0 ? t('drive:columns.discipline') : undefined}
        data={props.project.disciplines.map((d) => ({
          value: String(d.id),
          label: `${d.abbreviation} · ${d.name}`,
        }))}
        value={view.disciplineId.map(String)}
        onChange={(v) => setView({ disciplineId: v.map(Number) })}
        clearable
        w={FIELD_WIDTH}
      />
      <MultiSelect
        aria-label={t('drive:columns.visibility')}
        placeholder={view.visibility.length === 0 ? t('drive:columns.visibility') : undefined}
        data={DOCUMENT_VISIBILITIES.map((v) => ({ value: v, label: t(`drive:visibility.${v}`) }))}
        value={view.visibility}
        onChange={(v) => setView({ visibility: v as DriveView['visibility'] })}
        clearable
        w={FIELD_WIDTH}
      />
    </FileListToolbar>
  );
}
