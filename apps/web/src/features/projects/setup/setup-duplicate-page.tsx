import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Stepper, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { DuplicateProjectDocument } from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { useProject } from '../project-context.ts';
import { ProjectNameInput, projectNameError } from '../project-name-input.tsx';
import { SetupScreen } from './setup-common.tsx';

/** setup/duplicateProject: explains the copy and opens the 3-step dialog (editor §2.2). */
export function SetupDuplicatePage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const [opened, setOpened] = useState(false);
  const allowed = project.permissions.canDuplicate;
  return (
    <SetupScreen section="duplicateProject" canWrite={allowed}>
      <Text size="sm">{t('duplicate.intro')}</Text>
      {allowed && (
        <Group>
          <Button leftSection={<IconCopy size={16} />} onClick={() => setOpened(true)}>
            {t('duplicate.open')}
          </Button>
        </Group>
      )}
      {opened && <DuplicateDialog onClose={() => setOpened(false)} />}
    </SetupScreen>
  );
}

/** Step 1 the name of the copy, step 2 the confirmation, step 3 the request sent. */
function DuplicateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  const request = useAsyncAction();
  const [step, setStep] = useState(0);
  const [name, setName] = useState(t('duplicate.defaultName', { name: project.name }));
  const [touched, setTouched] = useState(false);
  const send = () =>
    void request
      .run(async () => {
        const result = await client
          .mutation(DuplicateProjectDocument, { sourceProjectId: project.id, targetProjectName: name.trim() })
          .toPromise();
        if (result.error) throw result.error;
      })
      .then((done) => done && setStep(2));

  return (
    <Modal opened onClose={onClose} title={t('duplicate.title')} centered size="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('duplicate.step1')}>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setTouched(true);
              if (!projectNameError(name)) setStep(1);
            }}
          >
            <Stack gap="md" mt="md">
              <ProjectNameInput
                label={t('duplicate.name')}
                value={name}
                onChange={setName}
                showError={touched}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit">{t('duplicate.next')}</Button>
              </Group>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('duplicate.step2')}>
          <Stack gap="md" mt="md">
            <Text size="sm">{t('duplicate.confirm', { source: project.name, name: name.trim() })}</Text>
            <List size="sm">
              <List.Item>{t('duplicate.copies')}</List.Item>
              <List.Item>{t('duplicate.inactive')}</List.Item>
              <List.Item>{t('duplicate.email')}</List.Item>
            </List>
            <FormError error={request.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(0)} disabled={request.busy}>
                {t('duplicate.back')}
              </Button>
              <Button onClick={send} loading={request.busy}>
                {t('duplicate.send')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('duplicate.step3')}>
          <Stack gap="md" mt="md">
            <Alert color="teal" data-testid="duplicate-sent">
              {t('duplicate.sent', { name: name.trim() })}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('common.close')}</Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
