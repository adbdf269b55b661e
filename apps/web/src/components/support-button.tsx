import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconBook, IconHelpCircle, IconMail, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useEmbedded } from '../app/embedded-context.tsx';

const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@obra.local';

/** The support icon and menu (spec core §2 Overlays); never shown when embedded. */
export function SupportButton() {
  const { t } = useTranslation('common');
  const embedded = useEmbedded();
  if (embedded) return null;
  const copyDiagnostics = async () => {
    const info = [
      `url: ${window.location.href}`,
      `agent: ${navigator.userAgent}`,
      `time: ${new Date().toISOString()}`,
    ];
    await navigator.clipboard.writeText(info.join('\n'));
    notifications.show({ message: t('support.copied') });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('support.label')} openDelay={500}>
          <ActionIcon variant="subtle" size="lg" aria-label={t('support.label')} data-testid="support-button">
            <IconHelpCircle size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconBook size={16} />} component={Link} to="/workspace/support">
          {t('support.page')}
        </Menu.Item>
        <Menu.Item leftSection={<IconMail size={16} />} component="a" href={`mailto:${SUPPORT_EMAIL}`}>
          {t('support.contact')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void copyDiagnostics()}>
          {t('support.copyDiagnostics')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
