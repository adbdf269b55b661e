import { Anchor } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseBimPins } from './bim-viewpoint.ts';

/** "Open in 3D" for an issue with a BIM pin: the model viewer at the issue's viewpoint (docs/bim.md). */
export function BimPinLink({
  projectId,
  issueId,
  bimPins,
}: {
  projectId: number;
  issueId: number;
  bimPins: unknown;
}) {
  const pin = parseBimPins(bimPins)[0];
  // Issues without a 3D pin render nothing (and load no BIM texts).
  if (!pin) return null;
  return <PinLink to={`/workspace/project/${projectId}/bim-files/models/${pin.fileId}?issue=${issueId}`} />;
}

function PinLink({ to }: { to: string }) {
  const { t } = useTranslation('bim');
  return (
    <Anchor component={Link} size="sm" to={to} data-testid="issue-bim-pin-link">
      <IconBox size={14} /> {t('issue.openIn3d')}
    </Anchor>
  );
}
