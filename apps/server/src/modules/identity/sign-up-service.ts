import { AppError, isVerificationCodeFormat, LOCALES, type Locale } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { EmailTemplate } from '../../mail/email-renderer.ts';
import type { CodePurpose } from './code-repository.ts';
import { enqueueMailTo } from './identity-mail.ts';
import { confirmEmail, findUserByEmail, insertUser } from './user-repository.ts';
import { checkCode, issueCode } from './verification-codes.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/** What sign-up needs. */
export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  lastName: string;
  locale: Locale;
}

/** Where the confirmation code went, masked (a***@example.com). */
export interface CodeDelivery {
  deliveryMedium: 'EMAIL';
  destination: string;
}

/** Creates an unconfirmed account and e-mails its confirmation code, in one transaction. */
export async function signUp(services: AppServices, input: SignUpInput): Promise<CodeDelivery> {
  // Hashing is slow on purpose; do it before taking a connection for the transaction.
  const passwordHash = await services.auth.hasher.hash(input.password);
  await unitOfWork(services, async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      name: input.name.trim(),
      lastName: input.lastName.trim(),
      localeId: input.locale,
    });
    if (!user) throw new AppError('UsernameExistsException');
    await sendCodeMail(services, tx, user, 'sign_up', 'signUpCode');
  });
  return delivery(input.email);
}

/** The transaction a code and its e-mail are written in. */
type CodeTx = Parameters<Parameters<AppServices['database']['db']['transaction']>[0]>[0];

/**
 * Issues a new code for `purpose` (the previous one stops working) and queues its e-mail (`template`, which shows
 * the code) in the same transaction: the sign-up confirmation and the password reset alike.
 */
export async function sendCodeMail(
  services: AppServices,
  tx: CodeTx,
  user: { id: number; email: string; localeId: string | null; name: string | null },
  purpose: CodePurpose,
  template: EmailTemplate,
): Promise<void> {
  const code = await issueCode(tx, user.id, purpose, codeSettings(services));
  await enqueueMailTo(services.jobs, tx, user, template, { code });
}

/** Confirms the e-mail with the code it received. */
export async function confirmSignUp(services: AppServices, email: string, code: string): Promise<void> {
  const failure = await unitOfWork(services, async (tx) => {
    const user = await findUserByEmail(tx, email);
    // An unknown address answers like a wrong code: no hint about which addresses have accounts.
    if (!user || !isVerificationCodeFormat(code)) return 'CodeMismatchException' as const;
    if (user.emailConfirmedAt !== null) return 'userAlreadyConfirmed' as const;
    const failed = await checkCode(tx, user.id, 'sign_up', code, codeSettings(services));
    if (failed) return failed;
    await confirmEmail(tx, user.id);
    return undefined;
  });
  if (failure) throw new AppError(failure);
}

/** Sends a new confirmation code; the previous one stops working. */
export async function resendCode(services: AppServices, email: string): Promise<CodeDelivery> {
  await unitOfWork(services, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    if (user.emailConfirmedAt !== null) throw new AppError('userAlreadyConfirmed');
    await sendCodeMail(services, tx, user, 'sign_up', 'signUpCode');
  });
  return delivery(email);
}

/** Code lifetime and attempts from the configuration. */
export function codeSettings(services: AppServices): { ttlHours: number; maxAttempts: number } {
  return { ttlHours: services.config.auth.codeTtlHours, maxAttempts: services.config.auth.codeMaxAttempts };
}

/** The locale to record for a new account: the one asked for, else the request's. */
export function signUpLocale(requested: string | undefined, fallback: Locale): Locale {
  return (LOCALES as readonly string[]).includes(requested ?? '') ? (requested as Locale) : fallback;
}

function delivery(email: string): CodeDelivery {
  const [local = '', domain = ''] = email.split('@');
  return { deliveryMedium: 'EMAIL', destination: `${local.slice(0, 1)}***@${domain}` };
}
