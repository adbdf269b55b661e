import { useState, type ChangeEvent } from 'react';
import { Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { LOCALES } from '@obra/domain';
import { useSession, type LoggedUser } from '../../app/guards/session-context.ts';
import { ImageField } from '../../components/image-cropper/image-field.tsx';
import { KEEP_IMAGE, type ImageChoice } from '../../components/image-cropper/upload-profile-image.ts';
import { useProfileImageUpload, withImage } from '../../components/image-cropper/use-profile-image-upload.ts';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { UpdateUserProfileDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { displayName } from '../workspace/user-menu.tsx';
import { PartnerConnectionSection } from '../integrations/partner-connection.tsx';
import { OfflineProjectsSection } from '../offline/offline-projects-section.tsx';

interface ProfileValues {
  name: string;
  lastName: string;
  firstPhone: string;
  linkedin: string;
  localeId: string | null;
}

const valuesOf = (user: LoggedUser): ProfileValues => ({
  name: user.name ?? '',
  lastName: user.lastName ?? '',
  firstPhone: user.firstPhone ?? '',
  linkedin: user.linkedin ?? '',
  localeId: user.localeId ?? null,
});

/** /workspace/user/profile: the user's photo, name, phone, LinkedIn and language. */
export function ProfilePage() {
  const { t, i18n } = useTranslation('account');
  const session = useSession();
  const client = useClient();
  const navigate = useNavigate();
  const user = session.user;
  const [values, setValues] = useState<ProfileValues | null>(user ? valuesOf(user) : null);
  const [photo, setPhoto] = useState<ImageChoice>(KEEP_IMAGE);
  const upload = useProfileImageUpload('USER_PHOTO');
  const action = useAsyncAction();
  if (!user || !values) return null;
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(user)) || photo.state !== 'keep';
  const valid = values.name.trim() !== '' && values.lastName.trim() !== '';
  const set = (patch: Partial<ProfileValues>) => setValues({ ...values, ...patch });

  const save = () =>
    action.run(async () => {
      const fields = {
        name: values.name.trim(),
        lastName: values.lastName.trim(),
        firstPhone: values.firstPhone.trim() || null,
        linkedin: values.linkedin.trim() || null,
        localeId: values.localeId,
      };
      const input = withImage(fields, 'photo', await upload.resolve(photo));
      const result = await client.mutation(UpdateUserProfileDocument, { input }).toPromise();
      if (result.error) throw result.error;
      if (!result.data) return;
      session.setUser(result.data.updateUserProfile);
      setValues(valuesOf(result.data.updateUserProfile));
      setPhoto(KEEP_IMAGE);
      if (values.localeId && values.localeId !== i18n.resolvedLanguage)
        await i18n.changeLanguage(values.localeId);
      notifications.show({ color: 'teal', message: t('profile.saved') });
    });

  return (
    <SettingsLayout
      title={t('profile.title')}
      avatar={{ src: user.photo, name: displayName(user) }}
      onClose={() => void navigate('/workspace/home')}
      editMode={{
        onSave: () => void save(),
        onCancel: () => {
          setValues(valuesOf(user));
          setPhoto(KEEP_IMAGE);
        },
        saving: action.busy,
        canSave: dirty && valid,
      }}
    >
      <Stack gap="sm" maw={640}>
        <ImageField
          kind="USER_PHOTO"
          label={t('fields.photo')}
          name={displayName(user)}
          current={user.photo}
          value={photo}
          onChange={setPhoto}
          uploading={upload.uploading}
          testId="profile-photo"
        />
        <ProfileFields email={user.email} values={values} set={set} />
        <FormError error={action.error} />
        <PartnerConnectionSection email={user.email} />
        <OfflineProjectsSection userId={user.id} />
      </Stack>
    </SettingsLayout>
  );
}

/** The editable fields of the profile. */
function ProfileFields({
  email,
  values,
  set,
}: {
  email: string;
  values: ProfileValues;
  set: (patch: Partial<ProfileValues>) => void;
}) {
  const { t } = useTranslation('account');
  // A text field's value and its change, by the field's name.
  const bind = (key: 'name' | 'lastName' | 'firstPhone' | 'linkedin') => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [key]: e.currentTarget.value }),
  });
  return (
    <>
      <TextInput label={t('fields.email')} value={email} readOnly disabled />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('fields.name')} autoComplete="given-name" required {...bind('name')} />
        <TextInput label={t('fields.lastName')} autoComplete="family-name" required {...bind('lastName')} />
        <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" {...bind('firstPhone')} />
        <TextInput label={t('fields.linkedin')} type="url" {...bind('linkedin')} />
      </SimpleGrid>
      <Group>
        <Select
          label={t('fields.language')}
          data={LOCALES.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
          value={values.localeId}
          onChange={(localeId) => set({ localeId })}
          allowDeselect={false}
          w={260}
        />
      </Group>
    </>
  );
}
