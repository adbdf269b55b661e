import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { ImageField } from '../../components/image-cropper/image-field.tsx';
import { KEEP_IMAGE, type ImageChoice } from '../../components/image-cropper/upload-profile-image.ts';
import { useProfileImageUpload } from '../../components/image-cropper/use-profile-image-upload.ts';
import { CreateProjectDocument } from '../../gql/generated.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { ProjectNameInput, projectNameError } from './project-name-input.tsx';

/**
 * Project creation (editor §2.2): a name, then configure now (the setup) or later (the project). When the company
 * reached its active-project limit the dialog shows the upgrade prompt instead of a bare error.
 */
export function NewProjectDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const client = useClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [image, setImage] = useState<ImageChoice>(KEEP_IMAGE);
  const upload = useProfileImageUpload('PROJECT_IMAGE');
  const create = useAsyncAction();
  const invalid = projectNameError(name);
  const limitReached = create.error !== null && toUiError(create.error).code === 'PROJECT_LIMIT_REACHED';

  const submit = (configureNow: boolean) => {
    setTouched(true);
    if (invalid) return;
    void create.run(async () => {
      // An image is optional: it is uploaded (and checked by the server) only when one was chosen.
      const uploaded = image.state === 'new' ? await upload.resolve(image) : undefined;
      const result = await client
        .mutation(CreateProjectDocument, { name: name.trim(), ...(uploaded ? { image: uploaded } : {}) })
        .toPromise();
      if (result.error) throw result.error;
      const id = result.data?.createProject.id;
      if (id === undefined) return;
      onClose();
      // Configure now walks through locations → disciplines → companies → invites (issue 21).
      void navigate(
        configureNow ? `/workspace/project/${id}/setup/locals?walkthrough=1` : `/workspace/project/${id}`,
      );
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit(true);
        }}
        noValidate
      >
        <Stack gap="md">
          <ImageField
            kind="PROJECT_IMAGE"
            label={t('profile.image')}
            name={name.trim() || t('create.title')}
            current={null}
            value={image}
            onChange={setImage}
            uploading={upload.uploading}
            testId="new-project-image"
          />
          <ProjectNameInput
            value={name}
            onChange={setName}
            onBlur={() => setTouched(true)}
            showError={touched}
            data-autofocus
          />
          {limitReached ? (
            <Alert color="orange" title={t('create.limitTitle')} role="alert" data-testid="project-limit">
              <Text size="sm">{t('create.limitMessage')}</Text>
            </Alert>
          ) : (
            <FormError error={create.error} />
          )}
          <Text size="sm" c="dimmed">
            {t('create.configureHint')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => submit(false)} disabled={create.busy}>
              {t('create.later')}
            </Button>
            <Button type="submit" loading={create.busy}>
              {t('create.now')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
