import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useClient } from 'urql';
import { nextStep, safeRedirectPath } from '../../app/guards/route-guards.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { UpdateUserProfileDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { TextField } from '../../components/text-field.tsx';
import { PersonNameFields, usePersonNames } from '../auth/auth-fields.tsx';

/** /onboarding/userprofile: name and last name (which confirm the register), phone and LinkedIn. */
export function UserProfileStep() {
  const { t } = useTranslation('onboarding');
  const session = useSession();
  const client = useClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = session.user;
  const names = usePersonNames({ name: user?.name ?? '', lastName: user?.lastName ?? '' });
  const { name, lastName } = names;
  const [phone, setPhone] = useState(user?.firstPhone ?? '');
  const [linkedin, setLinkedin] = useState(user?.linkedin ?? '');
  const action = useAsyncAction();
  const valid = name.trim() !== '' && lastName.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    await action.run(async () => {
      const input = {
        name: name.trim(),
        lastName: lastName.trim(),
        firstPhone: phone.trim() || null,
        linkedin: linkedin.trim() || null,
      };
      const result = await client.mutation(UpdateUserProfileDocument, { input }).toPromise();
      if (result.error) throw result.error;
      if (!result.data) return;
      session.setUser(result.data.updateUserProfile);
      await navigate(nextStep(result.data.updateUserProfile, safeRedirectPath(params.get('redirect'))));
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('fields.email')} value={user?.email ?? ''} readOnly disabled />
          <PersonNameFields ns="onboarding" {...names} />
          <TextField
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={setPhone}
          />
          <TextField
            label={t('fields.linkedin')}
            type="url"
            value={linkedin}
            onChange={setLinkedin}
            placeholder="https://www.linkedin.com/in/…"
          />
          <FormError error={action.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={action.busy} disabled={!valid}>
              {t('profile.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
