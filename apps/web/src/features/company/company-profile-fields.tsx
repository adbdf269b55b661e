import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogoImage } from '../../components/image-cropper/image-field.tsx';
import type { CompanyProfileFieldsFragment } from '../../gql/generated.ts';
import { UNLIMITED, type CompanyProfileValues, type FieldErrors } from './company-form-rules.ts';

/** "3 / 10" or "3 / unlimited" (-1 means no limit). */
export function useLimitText(): (active: number, max: number) => string {
  const { t } = useTranslation('company');
  return (active, max) =>
    t('profile.usage', { active, max: max === UNLIMITED ? t('profile.unlimited') : String(max) });
}

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{value}</Text>
    </Stack>
  );
}

/** The company profile, read-only. */
export function CompanyProfileView({ profile }: { profile: CompanyProfileFieldsFragment }) {
  const { t } = useTranslation('company');
  const limit = useLimitText();
  const none = t('profile.none');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="company-profile-view">
      <Stack gap={4} style={{ gridColumn: '1 / -1' }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('form.logo')}
        </Text>
        <LogoImage
          src={profile.logo}
          name={profile.name}
          label={t('form.logo')}
          height={50}
          testId="company-profile-logo"
        />
      </Stack>
      <Field label={t('form.name')} value={profile.name} testId="company-profile-name" />
      <Field label={t('form.website')} value={profile.website ?? none} testId="company-profile-website" />
      <Field label={t('form.cnpj')} value={profile.cnpj ?? none} testId="company-profile-cnpj" />
      <Field label={t('form.ownerEmail')} value={profile.ownerEmail ?? none} testId="company-profile-owner" />
      <Field
        label={t('profile.activeProjects')}
        value={limit(profile.activeProjects, profile.maxActiveProjects)}
        testId="company-profile-usage"
      />
      <Field label={t('profile.members')} value={String(profile.members)} testId="company-profile-members" />
    </SimpleGrid>
  );
}

/** The fields a company administrator edits: name, website and CNPJ. */
export function CompanyProfileForm({
  values,
  errors,
  onChange,
  onSubmit,
}: {
  values: CompanyProfileValues;
  errors: FieldErrors<keyof CompanyProfileValues>;
  onChange: (values: CompanyProfileValues) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('company');
  const set = (key: keyof CompanyProfileValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, [key]: e.currentTarget.value });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      data-testid="company-profile-form"
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label={t('form.name')}
          required
          value={values.name}
          onChange={set('name')}
          error={errors.name && t(errors.name)}
          data-autofocus
        />
        <TextInput
          label={t('form.website')}
          placeholder={t('form.websitePlaceholder')}
          value={values.website}
          onChange={set('website')}
          error={errors.website && t(errors.website)}
        />
        <TextInput
          label={t('form.cnpj')}
          placeholder={t('form.cnpjPlaceholder')}
          value={values.cnpj}
          onChange={set('cnpj')}
          error={errors.cnpj && t(errors.cnpj)}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </form>
  );
}
