import { useState } from 'react';
import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { ImageField } from '../../../components/image-cropper/image-field.tsx';
import { KEEP_IMAGE, type ImageChoice } from '../../../components/image-cropper/upload-profile-image.ts';
import { useProfileImageUpload } from '../../../components/image-cropper/use-profile-image-upload.ts';
import { SetupUpdateProjectProfileDocument, UpdateProjectDocument } from '../../../gql/generated.ts';
import { ProjectNameInput, projectNameError } from '../project-name-input.tsx';
import { PROJECT_ACTIVE, PROJECT_INACTIVE } from '../project-sections.ts';
import { useProject } from '../project-context.ts';
import { ConfirmDialog, SetupScreen, useSetupAction } from './setup-common.tsx';

/** setup/profile: the project's image and name, and its active/inactive status (with a confirmation). */
export function SetupProfilePage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  const action = useSetupAction();
  const canWrite = project.permissions.canUpdate;
  const [name, setName] = useState(project.name);
  const [image, setImage] = useState<ImageChoice>(KEEP_IMAGE);
  const upload = useProfileImageUpload('PROJECT_IMAGE');
  const [confirming, setConfirming] = useState(false);
  const active = project.status === PROJECT_ACTIVE;

  const saveProfile = async () => {
    const done = await action.run(async () => {
      const imageArgument = await upload.resolve(image);
      return client
        .mutation(SetupUpdateProjectProfileDocument, {
          projectId: project.id,
          name: name.trim(),
          ...(imageArgument !== undefined ? { image: imageArgument } : {}),
        })
        .toPromise();
    });
    if (done) setImage(KEEP_IMAGE);
  };
  const switchStatus = async () => {
    const done = await action.run(() =>
      client
        .mutation(UpdateProjectDocument, {
          projectId: project.id,
          status: active ? PROJECT_INACTIVE : PROJECT_ACTIVE,
        })
        .toPromise(),
    );
    if (done) setConfirming(false);
  };

  return (
    <SetupScreen
      section="profile"
      canWrite={canWrite}
      editMode={
        active
          ? {
              onSave: () => void saveProfile(),
              onCancel: () => {
                setName(project.name);
                setImage(KEEP_IMAGE);
              },
              saving: action.busy,
              canSave: !projectNameError(name) && (name.trim() !== project.name || image.state !== 'keep'),
            }
          : undefined
      }
    >
      <Stack gap="md">
        <ImageField
          kind="PROJECT_IMAGE"
          label={t('profile.image')}
          name={project.name}
          current={project.image}
          value={image}
          onChange={setImage}
          readOnly={!canWrite || !active}
          uploading={upload.uploading}
          testId="project-image-field"
        />
        <ProjectNameInput value={name} onChange={setName} readOnly={!canWrite || !active} />
        <Group gap="sm">
          <Text size="sm" fw={500}>
            {t('profile.company')}
          </Text>
          <Text size="sm">{project.company.name}</Text>
        </Group>
        <Group gap="sm">
          <Text size="sm" fw={500}>
            {t('profile.status')}
          </Text>
          <Badge color={active ? 'teal' : 'gray'} data-testid="project-status">
            {t(`enums:projectStatuses.${project.status}`)}
          </Badge>
        </Group>
        {canWrite && (
          <Switch
            label={t('profile.activeSwitch')}
            description={t(active ? 'profile.deactivateHint' : 'profile.activateHint')}
            checked={active}
            onChange={() => setConfirming(true)}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t(active ? 'profile.deactivateTitle' : 'profile.activateTitle')}
        message={t(active ? 'profile.deactivateMessage' : 'profile.activateMessage', { name: project.name })}
        confirmLabel={t(active ? 'profile.deactivate' : 'profile.activate')}
        danger={active}
        busy={action.busy}
        onConfirm={() => void switchStatus()}
        onClose={() => setConfirming(false)}
      />
    </SetupScreen>
  );
}
