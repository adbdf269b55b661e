import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClient } from 'urql';
import { RequestDemoAccessDocument } from '../../gql/generated.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import {
  DEMO_REQUEST_FIELDS,
  demoRequestErrors,
  demoRequestSchema,
  type DemoRequestValues,
} from './demo-request-form.ts';

const EMPTY: DemoRequestValues = { name: '', lastName: '', company: '', email: '', phone: '' };
const INPUT_TYPES: Record<keyof DemoRequestValues, string> = {
  name: 'text',
  lastName: 'text',
  company: 'text',
  email: 'email',
  phone: 'tel',
};
const AUTOCOMPLETE: Record<keyof DemoRequestValues, string> = {
  name: 'given-name',
  lastName: 'family-name',
  company: 'organization',
  email: 'email',
  phone: 'tel',
};

/** /request-demo: a visitor asks for demo access; all five fields are required (spec core §5). */
export function DemoRequestPage() {
  const { t } = useTranslation('auth');
  const client = useClient();
  const [values, setValues] = useState<DemoRequestValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const action = useAsyncAction();
  const errors = demoRequestErrors(values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const parsed = demoRequestSchema.safeParse(values);
    if (!parsed.success) return;
    await action.run(async () => {
      const result = await client
        .query(RequestDemoAccessDocument, parsed.data, { requestPolicy: 'network-only' })
        .toPromise();
      if (result.error) throw result.error;
      setSent(true);
    });
  };

  if (sent) {
    return (
      <AuthCard title={t('demoRequest.sentTitle')}>
        <Alert color="teal" variant="light" data-testid="demo-request-sent">
          {t('demoRequest.sent')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('common.backToLogin')}
        </Anchor>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('demoRequest.title')} subtitle={t('demoRequest.subtitle')} width={560}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {DEMO_REQUEST_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`demoRequest.fields.${field}`)}
                type={INPUT_TYPES[field]}
                autoComplete={AUTOCOMPLETE[field]}
                required
                value={values[field]}
                onChange={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
                error={touched && errors[field] ? t(`demoRequest.errors.${errors[field]}`) : undefined}
              />
            ))}
          </SimpleGrid>
          <FormError error={action.error} />
          <Button type="submit" loading={action.busy} fullWidth>
            {t('demoRequest.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('common.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
