import { resolveLocale, translateShared, type Locale } from '@obra/domain';
import type { MailMessage } from './mailer.ts';

/** The e-mail templates of the shared `email` namespace. */
export type EmailTemplate =
  | 'signUpCode'
  | 'resetPasswordCode'
  | 'passwordChanged'
  | 'companyInvite'
  | 'projectInvite'
  | 'demoRequest'
  | 'projectCopied'
  | 'smartFlowRun'
  | 'smartFlowDigest'
  | 'downloadReady'
  | 'downloadFailed';

/** Renders one message in the recipient's language from packages/domain/src/locales/<locale>/email.json. */
export function renderEmail(options: {
  to: string;
  locale: string | null | undefined;
  template: EmailTemplate;
  recipientName?: string | null | undefined;
  vars?: Record<string, string>;
}): MailMessage {
  const locale: Locale = resolveLocale(options.locale ?? undefined);
  const vars = options.vars ?? {};
  const t = (key: string, values: Record<string, string> = vars): string =>
    interpolate(translateShared(locale, 'email', key) ?? key, values);
  const greeting = options.recipientName
    ? t('greeting', { name: options.recipientName })
    : t('greetingAnonymous');
  const body = t(`${options.template}.body`);
  const text = `${greeting}\n\n${body}\n\n${t('signature')}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${text
    .split('\n\n')
    .map((p) => `<p>${linkify(escapeHtml(p), vars['link']).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
  return { to: options.to, subject: t(`${options.template}.subject`), text, html };
}

/** The translated name of a company role, for e-mails. */
export function roleLabel(locale: string | null | undefined, role: string): string {
  return translateShared(resolveLocale(locale ?? undefined), 'email', `roles.${role}`) ?? role;
}

/** The translated name of a project role, for e-mails. */
export function projectRoleLabel(locale: string | null | undefined, role: string): string {
  return translateShared(resolveLocale(locale ?? undefined), 'email', `projectRoles.${role}`) ?? role;
}

function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}

/**
 * The message's own link (vars.link: an invitation, a copied project) as a real link in the HTML part (issue 21:
 * it is clicked, not copied). Only that address: addresses typed into names (a company's, an inviter's) stay text.
 */
export function linkify(escaped: string, link: string | undefined): string {
  if (!link || !/^https?:\/\//.test(link)) return escaped;
  const shown = escapeHtml(link);
  return escaped.split(shown).join(`<a href="${shown}">${shown}</a>`);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
