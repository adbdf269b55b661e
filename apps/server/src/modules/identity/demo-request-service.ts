import { AppError, isEmailValid, normalizeEmail, type Locale } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { insertDemoRequest } from './demo-request-repository.ts';
import { enqueueMailTo } from './identity-mail.ts';
import { listPlatformAdmins } from './user-repository.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/** A visitor's demo request (spec core §5: all five fields required). */
export interface DemoRequestInput {
  name: string;
  lastName: string;
  company: string;
  email: string;
  phone: string;
}

const FIELDS = ['name', 'lastName', 'company', 'email', 'phone'] as const;

/** Stores the request and e-mails every platform administrator in their language, in one transaction. */
export async function requestDemo(
  services: AppServices,
  input: DemoRequestInput,
  locale: Locale,
): Promise<boolean> {
  const values: DemoRequestInput = {
    name: input.name.trim(),
    lastName: input.lastName.trim(),
    company: input.company.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
  };
  const missing = FIELDS.find((f) => values[f] === '');
  if (missing) throw new AppError('REQUIRED_FIELD', { field: missing });
  if (FIELDS.some((f) => values[f].length > 200)) throw new AppError('BAD_USER_INPUT');
  if (!isEmailValid(values.email)) throw new AppError('BAD_USER_INPUT', { field: 'email' });
  values.email = normalizeEmail(values.email);
  await unitOfWork(services, async (tx) => {
    await insertDemoRequest(tx, { ...values, localeId: locale });
    for (const admin of await listPlatformAdmins(tx)) {
      await enqueueMailTo(services.jobs, tx, admin, 'demoRequest', { ...values });
    }
  });
  return true;
}
