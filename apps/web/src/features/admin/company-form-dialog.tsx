import { useState } from 'react';
import { Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../components/image-cropper/image-field.tsx';
import { KEEP_IMAGE, type ImageChoice } from '../../components/image-cropper/upload-profile-image.ts';
import type { FieldErrors } from '../company/company-form-rules.ts';
import { FormError } from '../../components/form-error.tsx';
import { toAdminCompanyInput, validateAdminCompany, type AdminCompanyValues } from './admin-company-form.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

/**
 * Creates or edits a company (editor §2.2 "Admin company form"): logo, name, owner e-mail, CNPJ, website, active
 * and the maximum of active projects (-1 = unlimited). Mount it with a key so each opening starts from `initial`.
 * The logo is handed over as a choice: the caller uploads a new one when it saves.
 */
export function CompanyFormDialog({
  opened,
  mode,
  initial,
  currentLogo = null,
  busy,
  uploading = false,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  mode: 'create' | 'edit';
  initial: AdminCompanyValues;
  /** The company's saved logo when editing. */
  currentLogo?: string | null;
  busy: boolean;
  /** True while the new logo is uploaded. */
  uploading?: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (input: ReturnType<typeof toAdminCompanyInput>, logo: ImageChoice) => void;
}) {
  const { t } = useTranslation(['admin', 'company']);
  const [values, setValues] = useState(initial);
  const [logo, setLogo] = useState<ImageChoice>(KEEP_IMAGE);
  const [errors, setErrors] = useState<FieldErrors<keyof AdminCompanyValues>>({});
  const text = (key: 'name' | 'ownerEmail' | 'cnpj' | 'website' | 'maxActiveProjects') => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
    error: errors[key] ? t(`company:${errors[key]}`) : undefined,
  });
  const submit = () => {
    const found = validateAdminCompany(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(toAdminCompanyInput(values), logo);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'create' ? t('companies.createTitle') : t('companies.editTitle')}
      size="lg"
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="company-form"
      >
        <Stack gap="sm">
          <ImageField
            kind="COMPANY_LOGO"
            label={t('company:form.logo')}
            name={values.name.trim() || '?'}
            current={currentLogo}
            value={logo}
            onChange={setLogo}
            uploading={uploading}
            testId="company-form-logo"
          />
          <TextInput label={t('company:form.name')} required data-autofocus {...text('name')} />
          <TextInput
            label={t('company:form.ownerEmail')}
            description={t('companies.ownerHelp')}
            type="email"
            {...text('ownerEmail')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('company:form.cnpj')}
              placeholder={t('company:form.cnpjPlaceholder')}
              {...text('cnpj')}
            />
            <TextInput
              label={t('company:form.website')}
              placeholder={t('company:form.websitePlaceholder')}
              {...text('website')}
            />
          </SimpleGrid>
          <TextInput
            label={t('companies.maxActiveProjects')}
            description={t('companies.limitHelp')}
            inputMode="numeric"
            {...text('maxActiveProjects')}
          />
          <Switch
            label={t('companies.active')}
            checked={values.isActive}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setValues((v) => ({ ...v, isActive: checked }));
            }}
          />
          <FormError error={error} />
          <ConfirmActions
            cancelLabel={t('company:form.cancel')}
            onCancel={onClose}
            confirmLabel={mode === 'create' ? t('companies.create') : t('companies.save')}
            busy={busy}
            submit
          />
        </Stack>
      </form>
    </Modal>
  );
}
