import { Menu, ActionIcon, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@obra/domain';

/** Switches the interface language; the choice is remembered in this browser. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('language.label')} openDelay={500}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('language.label')}
            data-testid="language-switcher"
          >
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((lng) => (
          <Menu.Item
            key={lng}
            onClick={() => void i18n.changeLanguage(lng)}
            fw={i18n.resolvedLanguage === lng ? 700 : undefined}
            aria-current={i18n.resolvedLanguage === lng ? 'true' : undefined}
            lang={lng}
          >
            {t(`language.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
