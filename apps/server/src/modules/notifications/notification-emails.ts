import { resolveLocale, translateShared, type DigestFrequency, type Locale } from '@obra/domain';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml, renderMjmlEmail } from '../../mail/mjml-layout.ts';
import type { NotificationItem } from './notification-items-repository.ts';
import type { UnsubscribeSetting } from './unsubscribe-tokens.ts';

/** The addresses every notification e-mail links to. */
export interface EmailLinks {
  publicUrl: string;
  /** The one-click unsubscribe URL of the e-mail's own setting. */
  unsubscribeUrl: string;
}

/** A translator for the notificationEmail namespace in one locale. */
export function translator(localeId: string | null | undefined) {
  const locale: Locale = resolveLocale(localeId ?? undefined);
  const t = (key: string, vars: Record<string, string | number> = {}): string =>
    (translateShared(locale, 'notificationEmail', key) ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) =>
      String(vars[name] ?? ''),
    );
  return { locale, t };
}

/** Where an item opens in the web app: the issue, at the comment when there is one. */
export function itemUrl(
  publicUrl: string,
  item: Pick<NotificationItem, 'projectId' | 'issueId' | 'commentId'>,
) {
  const base = `${publicUrl}/workspace/project/${item.projectId}/issues/${item.issueId}`;
  return item.commentId === null ? base : `${base}?comment=${item.commentId}#comment-${item.commentId}`;
}

/** The settings screen. */
export function settingsUrl(publicUrl: string): string {
  return `${publicUrl}/workspace/user/notifications`;
}

function excerpt(text: string | null, max = 280): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function when(locale: Locale, date: Date): string {
  return new Intl.DateTimeFormat(locale, {
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** The RFC 8058 headers of an e-mail with a one-click unsubscribe. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function footer(
  t: ReturnType<typeof translator>['t'],
  links: EmailLinks,
  setting: UnsubscribeSetting,
): { mjml: string; text: string } {
  const settingName = t(`setting.${setting}`);
  const unsubscribe = t('footer.unsubscribe', { setting: settingName });
  const settings = settingsUrl(links.publicUrl);
  return {
    mjml: `<mj-text font-size="12px" color="#616e7c">${escapeHtml(t('footer.why'))}<br/>
      <a href="${escapeHtml(settings)}" style="color:#1c7ed6">${escapeHtml(t('footer.settings'))}</a> ·
      <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#1c7ed6">${escapeHtml(unsubscribe)}</a></mj-text>`,
    text: `--\n${t('footer.why')}\n${t('footer.settings')}: ${settings}\n${unsubscribe}: ${links.unsubscribeUrl}\n`,
  };
}

/** Issues of a project, each with its items: mentions first everywhere. */
interface ProjectGroup {
  projectId: number;
  projectName: string;
  issues: { issueId: number; code: string; title: string; items: NotificationItem[] }[];
}

/**
 * Groups items by project then issue: projects and issues with a mention come first (then the most recent), and
 * within an issue the mentions first, then the rest in the order they happened.
 */
export function groupItems(items: readonly NotificationItem[]): ProjectGroup[] {
  const projects = new Map<number, ProjectGroup>();
  for (const item of items) {
    let project = projects.get(item.projectId);
    if (!project) {
      project = { projectId: item.projectId, projectName: item.projectName, issues: [] };
      projects.set(item.projectId, project);
    }
    let issue = project.issues.find((i) => i.issueId === item.issueId);
    if (!issue) {
      issue = { issueId: item.issueId, code: item.issueCode, title: item.issueTitle, items: [] };
      project.issues.push(issue);
    }
    issue.items.push(item);
  }
  const rank = (list: readonly NotificationItem[]) => ({
    mention: list.some((i) => i.isMention) ? 0 : 1,
    last: Math.max(...list.map((i) => i.createdAt.getTime())),
  });
  const compare = (a: readonly NotificationItem[], b: readonly NotificationItem[]) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra.mention - rb.mention || rb.last - ra.last;
  };
  const groups = [...projects.values()];
  for (const g of groups) {
    for (const issue of g.issues)
      issue.items.sort(
        (a, b) =>
          Number(b.isMention) - Number(a.isMention) ||
          a.createdAt.getTime() - b.createdAt.getTime() ||
          a.id - b.id,
      );
    g.issues.sort((a, b) => compare(a.items, b.items));
  }
  groups.sort(
    (a, b) =>
      compare(
        a.issues.flatMap((i) => i.items),
        b.issues.flatMap((i) => i.items),
      ) || a.projectName.localeCompare(b.projectName),
  );
  return groups;
}

function itemLine(t: ReturnType<typeof translator>['t'], item: NotificationItem): string {
  return t(`kind.${item.kind}`, { actor: item.actorName ?? t('someone') });
}

/** The issue e-mail digest of one period: HTML (MJML) and plain text, in the recipient's language. */
export function renderDigestEmail(options: {
  to: string;
  localeId: string | null;
  frequency: DigestFrequency;
  items: readonly NotificationItem[];
  links: EmailLinks;
}): MailMessage {
  const { locale, t } = translator(options.localeId);
  const count = options.items.length;
  const mentions = options.items.filter((i) => i.isMention).length;
  const subject = count === 1 ? t('digest.subjectOne') : t('digest.subject', { count });
  const period = t(`digest.period.${options.frequency}`);
  const groups = groupItems(options.items);
  const textParts: string[] = [t('digest.title'), period, ''];
  if (mentions > 0) textParts.push(`${t('digest.mentions')}: ${mentions}`, '');
  let sections = `<mj-section padding="0"><mj-column><mj-text color="#616e7c">${escapeHtml(period)}${
    mentions > 0 ? ` · <strong>${escapeHtml(t('digest.mentions'))}: ${mentions}</strong>` : ''
  }</mj-text></mj-column></mj-section>`;
  for (const project of groups) {
    textParts.push(`== ${project.projectName} ==`);
    sections += `<mj-section padding="12px 0 0"><mj-column><mj-text font-size="16px" font-weight="700">${escapeHtml(
      project.projectName,
    )}</mj-text><mj-divider border-width="1px" border-color="#d9e2ec" padding="4px 24px" />`;
    for (const issue of project.issues) {
      const issueLink = itemUrl(options.links.publicUrl, {
        ...issue,
        projectId: project.projectId,
        commentId: null,
      });
      textParts.push(`${issue.code} ${issue.title}`, issueLink);
      sections += `<mj-text padding="8px 24px 2px"><a href="${escapeHtml(issueLink)}" style="color:#1c7ed6;font-weight:700;text-decoration:none">${escapeHtml(
        `${issue.code} ${issue.title}`,
      )}</a></mj-text>`;
      for (const item of issue.items) {
        const line = itemLine(t, item);
        const text = excerpt(item.commentMessage);
        const link = itemUrl(options.links.publicUrl, item);
        textParts.push(`  - ${line} (${when(locale, item.createdAt)})${text ? `: ${text}` : ''}`);
        if (item.commentId !== null) textParts.push(`    ${link}`);
        sections += `<mj-text padding="2px 24px 2px 36px">${item.isMention ? '<strong>' : ''}${escapeHtml(line)}${
          item.isMention ? '</strong>' : ''
        } <span style="color:#9aa5b1">${escapeHtml(when(locale, item.createdAt))}</span>${
          text ? `<br/><span style="color:#52606d">“${escapeHtml(text)}”</span>` : ''
        }${
          item.commentId !== null
            ? `<br/><a href="${escapeHtml(link)}" style="color:#1c7ed6">${escapeHtml(t('openComment'))}</a>`
            : ''
        }</mj-text>`;
      }
    }
    sections += `</mj-column></mj-section>`;
    textParts.push('');
  }
  const foot = footer(t, options.links, 'issueEmails');
  const html = renderMjmlEmail({
    lang: locale,
    title: t('digest.title'),
    preview: subject,
    sections,
    footer: foot.mjml,
  });
  return {
    to: options.to,
    subject,
    text: `${textParts.join('\n')}\n${foot.text}`,
    html,
    headers: unsubscribeHeaders(options.links.unsubscribeUrl),
  };
}

/** One pending issue of the summary. */
export interface PendingIssueLine {
  issueId: number;
  code: string;
  title: string;
  deadline: string | null;
  late: boolean;
}

/** One project of the pending-items summary. */
export interface PendingProject {
  projectId: number;
  projectName: string;
  pending: number;
  late: number;
  issues: PendingIssueLine[];
}

/** The pending-items summary: per project, the pending and late pending issues with their deadlines. */
export function renderPendingSummaryEmail(options: {
  to: string;
  localeId: string | null;
  projects: readonly PendingProject[];
  links: EmailLinks;
}): MailMessage {
  const { locale, t } = translator(options.localeId);
  const pending = options.projects.reduce((n, p) => n + p.pending, 0);
  const late = options.projects.reduce((n, p) => n + p.late, 0);
  const subject = t('pending.subject', { pending, late });
  const textParts: string[] = [t('pending.title'), ''];
  let sections = '';
  const date = (d: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${d}T00:00:00Z`),
    );
  for (const project of options.projects) {
    const counts = t('pending.counts', { pending: project.pending, late: project.late });
    textParts.push(`== ${project.projectName} == ${counts}`);
    sections += `<mj-section padding="12px 0 0"><mj-column><mj-text font-size="16px" font-weight="700">${escapeHtml(
      project.projectName,
    )} <span style="font-weight:400;color:#616e7c;font-size:13px">${escapeHtml(counts)}</span></mj-text><mj-divider border-width="1px" border-color="#d9e2ec" padding="4px 24px" />`;
    for (const issue of project.issues) {
      const link = itemUrl(options.links.publicUrl, {
        projectId: project.projectId,
        issueId: issue.issueId,
        commentId: null,
      });
      const deadline = issue.deadline
        ? t('pending.deadline', { date: date(issue.deadline) })
        : t('pending.noDeadline');
      textParts.push(
        `  - ${issue.code} ${issue.title} · ${issue.late ? `${t('pending.late')} · ` : ''}${deadline}`,
        `    ${link}`,
      );
      sections += `<mj-text padding="3px 24px"><a href="${escapeHtml(link)}" style="color:#1c7ed6;text-decoration:none">${escapeHtml(
        `${issue.code} ${issue.title}`,
      )}</a> <span style="color:${issue.late ? '#c92a2a' : '#616e7c'}">${
        issue.late ? `<strong>${escapeHtml(t('pending.late'))}</strong> · ` : ''
      }${escapeHtml(deadline)}</span></mj-text>`;
    }
    const more = project.pending - project.issues.length;
    if (more > 0) {
      textParts.push(`  ${t('pending.more', { count: more })}`);
      sections += `<mj-text padding="3px 24px" color="#616e7c">${escapeHtml(t('pending.more', { count: more }))}</mj-text>`;
    }
    sections += `</mj-column></mj-section>`;
    textParts.push('');
  }
  const foot = footer(t, options.links, 'pendingSummary');
  return {
    to: options.to,
    subject,
    text: `${textParts.join('\n')}\n${foot.text}`,
    html: renderMjmlEmail({
      lang: locale,
      title: t('pending.title'),
      preview: subject,
      sections,
      footer: foot.mjml,
    }),
    headers: unsubscribeHeaders(options.links.unsubscribeUrl),
  };
}

/** An immediate e-mail about one mark (a mention, a newly assigned issue, a comment). */
export function renderImmediateEmail(options: {
  to: string;
  localeId: string | null;
  kind: 'mention' | 'assigned' | 'comment';
  item: NotificationItem;
  links: EmailLinks;
  setting: UnsubscribeSetting;
}): MailMessage {
  const { locale, t } = translator(options.localeId);
  const item = options.item;
  const subject = t(`immediate.${options.kind}`, {
    actor: item.actorName ?? t('someone'),
    code: item.issueCode,
    title: item.issueTitle,
  });
  const link = itemUrl(options.links.publicUrl, item);
  const text = excerpt(item.commentMessage, 1000);
  const open = item.commentId === null ? t('openIssue') : t('openComment');
  const sections = `<mj-section padding="0"><mj-column>
    <mj-text color="#616e7c">${escapeHtml(item.projectName)} · ${escapeHtml(when(locale, item.createdAt))}</mj-text>
    <mj-text>${escapeHtml(itemLine(t, item))}</mj-text>
    ${text ? `<mj-text><span style="color:#52606d">“${escapeHtml(text)}”</span></mj-text>` : ''}
    <mj-button href="${escapeHtml(link)}" background-color="#1c7ed6" align="left" padding="12px 24px">${escapeHtml(open)}</mj-button>
  </mj-column></mj-section>`;
  const foot = footer(t, options.links, options.setting);
  return {
    to: options.to,
    subject,
    text: `${subject}\n${item.projectName}\n\n${itemLine(t, item)}${text ? `:\n${text}` : ''}\n\n${open}: ${link}\n\n${foot.text}`,
    html: renderMjmlEmail({ lang: locale, title: subject, preview: subject, sections, footer: foot.mjml }),
    headers: unsubscribeHeaders(options.links.unsubscribeUrl),
  };
}
