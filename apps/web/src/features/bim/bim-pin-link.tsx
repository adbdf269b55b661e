import { Anchor } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseBimPins } from './bim-viewpoint.ts';

/** Whether an issue's viewpoints hold a camera (a BCF-imported topic's viewpoint, without a 3D pin). */
function hasCamera(viewpoints: unknown): boolean {
  return (
    Array.isArray(viewpoints) &&
    viewpoints.some(
      (v) =>
        typeof v === 'object' &&
        v !== null &&
        typeof (v as { visualization?: { camera?: unknown } }).visualization?.camera === 'object',
    )
  );
}

/**
 * "Open in 3D" for an issue with a BIM pin: the model viewer at the issue's viewpoint (docs/bim.md). An issue
 * with a camera viewpoint but no pin (imported from BCF) opens the model list, where the user picks the model
 * (or federated model) to open at that viewpoint.
 */
export function BimPinLink({
  projectId,
  issueId,
  bimPins,
  viewpoints,
}: {
  projectId: number;
  issueId: number;
  bimPins: unknown;
  viewpoints?: unknown;
}) {
  const pin = parseBimPins(bimPins)[0];
  if (pin)
    return <PinLink to={`/workspace/project/${projectId}/bim-files/models/${pin.fileId}?issue=${issueId}`} />;
  // Issues without a 3D pin or camera render nothing (and load no BIM texts).
  if (!hasCamera(viewpoints)) return null;
  return <PinLink to={`/workspace/project/${projectId}/bim-files/models?issue=${issueId}`} />;
}

function PinLink({ to }: { to: string }) {
  const { t } = useTranslation('bim');
  return (
    <Anchor component={Link} size="sm" to={to} data-testid="issue-bim-pin-link">
      <IconBox size={14} /> {t('issue.openIn3d')}
    </Anchor>
  );
}
