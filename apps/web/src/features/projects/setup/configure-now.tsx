import { Button, Group, Paper, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** The steps of "configure now" after creating a project (issue 21), in order. */
export const CONFIGURE_STEPS = ['locals', 'disciplines', 'companies', 'invites'] as const;

/** One step of the walkthrough. */
export type ConfigureStep = (typeof CONFIGURE_STEPS)[number];

/** The address query that keeps a setup page in the walkthrough. */
export const WALKTHROUGH_PARAM = 'walkthrough';

/** The setup address of a step: the invites are the companies section with its invite dialog open. */
export function stepPath(base: string, step: ConfigureStep): string {
  return step === 'invites'
    ? `${base}/companies?${WALKTHROUGH_PARAM}=1&invite=1`
    : `${base}/${step}?${WALKTHROUGH_PARAM}=1`;
}

/** The step a setup section and address stand for, or null when it is not one of the walkthrough's. */
export function stepOf(section: string | undefined, params: URLSearchParams): ConfigureStep | null {
  if (section === 'companies') return params.get('invite') === '1' ? 'invites' : 'companies';
  return CONFIGURE_STEPS.find((s) => s === section) ?? null;
}

/**
 * The walkthrough bar over the setup after "configure now": where the user is among locations → disciplines →
 * companies → invites, with Next / Skip and Finish (the project's page). Shown only while the address carries
 * `?walkthrough=1`; the side menu's links leave it.
 */
export function ConfigureNowBar({
  base,
  section,
  projectPath,
}: {
  base: string;
  section: string | undefined;
  projectPath: string;
}) {
  const { t } = useTranslation('everyday');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (params.get(WALKTHROUGH_PARAM) !== '1') return null;
  const step = stepOf(section, params);
  if (!step) return null;
  const index = CONFIGURE_STEPS.indexOf(step);
  const next = CONFIGURE_STEPS[index + 1];
  return (
    <Paper withBorder p="sm" mb="md" data-testid="configure-now">
      <Text size="sm" fw={500} mb="xs">
        {t('configure.title')}
      </Text>
      <Stepper
        active={index}
        size="xs"
        onStepClick={(i) => {
          const target = CONFIGURE_STEPS[i];
          if (target) void navigate(stepPath(base, target));
        }}
        allowNextStepsSelect
      >
        {CONFIGURE_STEPS.map((s) => (
          <Stepper.Step key={s} label={t(`configure.steps.${s}`)} />
        ))}
      </Stepper>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button variant="subtle" size="xs" onClick={() => void navigate(projectPath)}>
          {t('configure.later')}
        </Button>
        {next ? (
          <Button size="xs" onClick={() => void navigate(stepPath(base, next))} data-testid="configure-next">
            {t('configure.next', { step: t(`configure.steps.${next}`) })}
          </Button>
        ) : (
          <Button size="xs" onClick={() => void navigate(projectPath)} data-testid="configure-finish">
            {t('configure.finish')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
