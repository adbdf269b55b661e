import { useState } from 'react';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient, useQuery } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import { ImageField } from '../../components/image-cropper/image-field.tsx';
import { KEEP_IMAGE, type ImageChoice } from '../../components/image-cropper/upload-profile-image.ts';
import { useProfileImageUpload, withImage } from '../../components/image-cropper/use-profile-image-upload.ts';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { CompanyProfileDocument, UpdateCompanyProfileDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import {
  toProfileInput,
  validateCompanyProfile,
  type CompanyProfileValues,
  type FieldErrors,
} from './company-form-rules.ts';
import { CompanyProfileForm, CompanyProfileView } from './company-profile-fields.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

/** /workspace/company/profile (the company's default page): everyone views it, company administrators edit it. */
export function CompanyProfilePage() {
  const { t } = useTranslation('company');
  const { user, reloadUser } = useSession();
  const client = useClient();
  const navigate = useNavigate();
  const isAdmin = user?.company?.role === 'admin';
  const [query, refetch] = useQuery({ query: CompanyProfileDocument });
  const [editing, setEditing] = useState<CompanyProfileValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors<keyof CompanyProfileValues>>({});
  const [logo, setLogo] = useState<ImageChoice>(KEEP_IMAGE);
  const upload = useProfileImageUpload('COMPANY_LOGO');
  const save = useAsyncAction();
  const profile = query.data?.companyProfile;

  const startEditing = () => {
    if (!profile) return;
    save.setError(null);
    setErrors({});
    setLogo(KEEP_IMAGE);
    setEditing({ name: profile.name, website: profile.website ?? '', cnpj: profile.cnpj ?? '' });
  };
  const submit = () => {
    if (!editing) return;
    const found = validateCompanyProfile(editing);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void save
      .run(async () => {
        const input = withImage(toProfileInput(editing), 'logo', await upload.resolve(logo));
        const result = await client.mutation(UpdateCompanyProfileDocument, { input }).toPromise();
        if (result.error) throw result.error;
      })
      .then((ok) => {
        if (!ok) return;
        setEditing(null);
        setLogo(KEEP_IMAGE);
        notifications.show({ color: 'teal', message: t('profile.saved') });
        refetch({ requestPolicy: 'network-only' });
        void reloadUser();
      });
  };

  return (
    <SettingsLayout
      title={profile?.name ?? t('profile.title')}
      avatar={profile ? { src: profile.logo, name: profile.name, shape: 'logo' } : undefined}
      onClose={() => void navigate('/workspace/home')}
      secondary={
        isAdmin && profile && !editing
          ? { label: t('profile.edit'), onClick: startEditing, icon: <IconPencil size={16} /> }
          : undefined
      }
      editMode={editing ? { onSave: submit, onCancel: () => setEditing(null), saving: save.busy } : undefined}
    >
      <Stack gap="md">
        <FormError error={query.error ?? save.error} />
        {query.fetching && !profile && <LoadingCenter />}
        {profile && !editing && <CompanyProfileView profile={profile} />}
        {editing && profile && (
          <ImageField
            kind="COMPANY_LOGO"
            label={t('form.logo')}
            name={editing.name || profile.name}
            current={profile.logo}
            value={logo}
            onChange={setLogo}
            uploading={upload.uploading}
            testId="company-logo-field"
          />
        )}
        {editing && (
          <CompanyProfileForm values={editing} errors={errors} onChange={setEditing} onSubmit={submit} />
        )}
      </Stack>
    </SettingsLayout>
  );
}
