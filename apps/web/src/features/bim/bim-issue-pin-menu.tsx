import { Box, Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { issueViewPath } from '../issues/shared/issue-list-context.ts';
import type { useIssueMarkers } from './bim-issue-pins.ts';

/** The issues pinned in the model, as a menu of links to them (code, title, status, the pin's colour). */
export function BimIssuePinMenu({
  projectId,
  markers,
}: {
  projectId: number;
  markers: ReturnType<typeof useIssueMarkers>;
}) {
  const { t } = useTranslation(['bim', 'enums']);
  if (markers.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" data-testid="bim-issue-pin-list">
          {t('issues3d.list')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {markers.map((marker) => (
          <Menu.Item
            key={`${marker.issueId}-${marker.point.x}-${marker.point.y}-${marker.point.z}`}
            component={Link}
            to={issueViewPath(projectId, marker.issueId)}
            leftSection={<Box w={10} h={10} style={{ borderRadius: '50%', background: marker.color }} />}
            data-testid="bim-issue-pin-item"
          >
            {t('issues3d.item', {
              code: marker.code,
              title: marker.title,
              status: t(`issueStatuses.${marker.status}`, { ns: 'enums', defaultValue: marker.status }),
            })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
