import { Container, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';

/** The two onboarding steps (spec core §2): complete the profile, then create or join a company. */
export function OnboardingLayout() {
  const { t } = useTranslation('onboarding');
  const { pathname } = useLocation();
  const active = pathname.endsWith('/company') ? 1 : 0;
  return (
    <PageFrame>
      <Container size="sm" py="md">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {t('title')}
            </Title>
            <Text c="dimmed">{t('subtitle')}</Text>
          </Stack>
          <Stepper active={active} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label={t('steps.profile')} />
            <Stepper.Step label={t('steps.company')} />
          </Stepper>
          <Outlet />
        </Stack>
      </Container>
    </PageFrame>
  );
}
