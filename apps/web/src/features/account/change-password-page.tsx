import { useState } from 'react';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passwordFormState } from '@obra/domain';
import {
  NewPasswordFields,
  type NewPasswordValue,
} from '../../components/password-strength/password-strength.tsx';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { authApi } from '../../lib/auth-api.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { CurrentPasswordField } from '../../components/text-field.tsx';

const EMPTY: NewPasswordValue = { password: '', confirmation: '' };

/** /workspace/user/changePassword: the current password and a new one that passes editor §5.2. */
export function ChangePasswordPage() {
  const { t } = useTranslation(['account', 'auth']);
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [pair, setPair] = useState<NewPasswordValue>(EMPTY);
  const action = useAsyncAction();
  const valid = oldPassword !== '' && passwordFormState(pair.password, pair.confirmation).valid;
  const reset = () => {
    setOldPassword('');
    setPair(EMPTY);
  };
  const save = () =>
    action.run(async () => {
      await authApi.changePassword({ oldPassword, newPassword: pair.password });
      reset();
      notifications.show({ color: 'teal', message: t('changePassword.saved') });
    });
  return (
    <SettingsLayout
      title={t('changePassword.title')}
      onClose={() => void navigate('/workspace/home')}
      editMode={{
        onSave: () => void save(),
        onCancel: reset,
        saving: action.busy,
        canSave: valid,
        saveLabel: t('changePassword.submit'),
      }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void save();
        }}
      >
        <Stack gap="sm" maw={420}>
          <CurrentPasswordField
            label={t('changePassword.current')}
            value={oldPassword}
            onChange={setOldPassword}
          />
          <NewPasswordFields value={pair} onChange={setPair} passwordLabel={t('auth:fields.newPassword')} />
          <FormError error={action.error} />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Stack>
      </form>
    </SettingsLayout>
  );
}
