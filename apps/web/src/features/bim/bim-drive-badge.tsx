import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProcessingState } from './bim-api.ts';

const COLORS: Record<string, string> = { success: 'green', failed: 'red', processing: 'blue' };

/**
 * The conversion state of an IFC revision in the drive's list (docs/bim.md): a link to the 3D viewer once
 * converted. Other files render nothing (and load no BIM texts).
 */
export function BimDriveBadge(props: {
  projectId: number;
  file: { id: number; extension: string; processingState?: string; processingError?: string | null };
}) {
  if (props.file.extension.toLowerCase() !== 'ifc') return null;
  return <StateBadge {...props} />;
}

function StateBadge({
  projectId,
  file,
}: {
  projectId: number;
  file: { id: number; processingState?: string; processingError?: string | null };
}) {
  const { t } = useTranslation('bim');
  const state = (file.processingState ?? 'pending') as ProcessingState;
  const label = t(`state.${state}`);
  if (state === 'success')
    return (
      <Badge
        size="sm"
        variant="light"
        color="green"
        component={Link}
        to={`/workspace/project/${projectId}/bim-files/models/${file.id}`}
        style={{ cursor: 'pointer' }}
        data-testid="drive-bim-state"
      >
        {t('openIn3d')}
      </Badge>
    );
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLORS[state] ?? 'gray'}
      title={state === 'failed' ? t(`failure.${file.processingError ?? 'conversionFailed'}`) : undefined}
      data-testid="drive-bim-state"
    >
      {label}
    </Badge>
  );
}
