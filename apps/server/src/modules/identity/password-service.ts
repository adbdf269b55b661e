import { AppError, isVerificationCodeFormat } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { renderEmail } from '../../mail/email-renderer.ts';
import type { Actor } from '../../auth/actor.ts';
import { enqueueMail } from './identity-mail.ts';
import { revokeAllOfUser } from './refresh-token-repository.ts';
import { announceAccessChange } from '../../realtime/access-notices.ts';
import { codeSettings, sendCodeMail } from './sign-up-service.ts';
import { findUserByEmail, findUserById, updateUser } from './user-repository.ts';
import { checkCode } from './verification-codes.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/**
 * Asks for a reset code. The request does the same work whether or not the address has an account (it only
 * queues a job), so neither the answer nor its timing tells whether an account exists (account enumeration);
 * the job looks the address up and mails the code (sendResetCode).
 */
export async function forgotPassword(services: AppServices, email: string): Promise<void> {
  await services.jobs.send('password.resetCode', { email });
}

/** The job of forgotPassword: e-mails a reset code when the address has an account (not a demo one). */
export async function sendResetCode(services: AppServices, email: string): Promise<void> {
  await unitOfWork(services, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isDemo) return;
    await sendCodeMail(services, tx, user, 'reset_password', 'resetPasswordCode');
  });
}

/**
 * Sets a new password with a reset code. The code proves the e-mail, so an unconfirmed account becomes
 * confirmed. Every session of the account ends.
 */
export async function confirmForgotPassword(
  services: AppServices,
  email: string,
  code: string,
  password: string,
): Promise<void> {
  const passwordHash = await services.auth.hasher.hash(password);
  const outcome = await unitOfWork(services, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isDemo || !isVerificationCodeFormat(code)) return 'CodeMismatchException' as const;
    const failed = await checkCode(tx, user.id, 'reset_password', code, codeSettings(services));
    if (failed) return failed;
    await updateUser(tx, user.id, { passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? new Date() });
    await revokeAllOfUser(tx, user.id);
    await notifyPasswordChanged(services, tx, user.email, user.localeId, user.name);
    return { userId: user.id };
  });
  if (typeof outcome === 'string') throw new AppError(outcome);
  // Every session ended: so do their websockets.
  announceAccessChange(services, outcome.userId);
}

/** Changes the password of the signed-in user, who proves it with the old one; other sessions end. */
export async function changePassword(
  services: AppServices,
  actor: Actor,
  oldPassword: string,
  password: string,
): Promise<void> {
  if (actor.account.isDemo) throw new AppError('FORBIDDEN_DEMO_MODE');
  const user = await findUserById(services.database.db, actor.account.id);
  const verified = user?.passwordHash
    ? await services.auth.hasher.verify(user.passwordHash, oldPassword)
    : false;
  if (!user || !verified) throw new AppError('NotAuthorizedException');
  const passwordHash = await services.auth.hasher.hash(password);
  await unitOfWork(services, async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeAllOfUser(tx, user.id, actor.sessionId);
    await notifyPasswordChanged(services, tx, user.email, user.localeId, user.name);
  });
  // The other sessions ended: so do their websockets.
  announceAccessChange(services, user.id);
}

async function notifyPasswordChanged(
  services: AppServices,
  tx: Db,
  to: string,
  locale: string | null,
  name: string | null,
): Promise<void> {
  await enqueueMail(
    services.jobs,
    tx,
    renderEmail({ to, locale, template: 'passwordChanged', recipientName: name }),
  );
}
