import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';

/** Bounds of a support message's parts. */
export const SUPPORT_LIMITS = { subject: 200, message: 5000, page: 1000, browser: 500, diagnostics: 10_000 };

/** What the support page needs to know from the server. */
export interface SupportInfo {
  /** Whether the contact form is offered (SUPPORT_EMAIL is set). */
  contactAvailable: boolean;
}

/** The support page's server facts. */
export function supportInfo(services: AppServices): SupportInfo {
  return { contactAvailable: services.config.supportEmail !== undefined };
}

/** A message of the contact form. */
export interface SupportMessageInput {
  subject: string;
  message: string;
  /** The page the person was on. */
  page: string;
  /** The browser's user agent. */
  browser: string;
  /** The diagnostic bundle, sent only when the person agreed to. */
  diagnostics?: string | null;
}

function field(value: string, name: keyof typeof SUPPORT_LIMITS, required: boolean): string {
  const text = value.trim();
  if ((required && text.length === 0) || text.length > SUPPORT_LIMITS[name])
    throw new AppError('BAD_USER_INPUT', { field: name });
  return text;
}

/**
 * The contact form (issue 33): e-mails the operator's support address (SUPPORT_EMAIL) through the mailer's job,
 * with the sender's address to answer, the page, the browser and — only when the person consented — the diagnostic
 * bundle. NOT_FOUND when no support address is set (the form is hidden then).
 */
export async function sendSupportMessage(
  services: AppServices,
  actor: Actor,
  input: SupportMessageInput,
): Promise<boolean> {
  const to = services.config.supportEmail;
  if (!to) throw new AppError('NOT_FOUND');
  const subject = field(input.subject, 'subject', true);
  const message = field(input.message, 'message', true);
  const page = field(input.page, 'page', false);
  const browser = field(input.browser, 'browser', false);
  const diagnostics = input.diagnostics ? field(input.diagnostics, 'diagnostics', false) : '';
  const account = actor.account;
  const who = [account.name, account.lastName].filter(Boolean).join(' ') || account.email;
  const text = [
    message,
    '',
    '—',
    `From: ${who} <${account.email}> (user ${account.id}${account.companyId ? `, company ${account.companyId}` : ''})`,
    `Page: ${page || '-'}`,
    `Browser: ${browser || '-'}`,
    ...(diagnostics ? ['', 'Diagnostics (sent with consent):', diagnostics] : []),
  ].join('\n');
  await services.jobs.send('mail.send', {
    to,
    subject: `[Obra support] ${subject.replace(/[\r\n]+/g, ' ')}`,
    text,
    headers: { 'Reply-To': account.email },
  });
  return true;
}
