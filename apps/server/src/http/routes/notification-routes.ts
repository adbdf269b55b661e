import { AppError, lastEndedPeriod, PENDING_SUMMARY_FREQUENCIES, type DigestFrequency } from '@obra/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../services.ts';
import { escapeHtml } from '../../mail/mjml-layout.ts';
import { requestLocale } from '../request-locale.ts';
import { settingsUrl, translator } from '../../modules/notifications/notification-emails.ts';
import {
  unsubscribe,
  unsubscribeTarget,
} from '../../modules/notifications/notification-unsubscribe-service.ts';
import {
  runIssueDigests,
  runPendingSummaries,
  sendIssueDigest,
  sendPendingSummary,
} from '../../modules/notifications/notification-digest-service.ts';
import {
  runImmediateEmails,
  sendImmediateEmailsOf,
} from '../../modules/notifications/notification-immediate-service.ts';
import { NOTIFICATION_ROUTES } from '../openapi-platform.ts';

function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(
    title,
  )}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}button{font:inherit;padding:.5rem 1rem;border-radius:4px;border:0;background:#1c7ed6;color:#fff;cursor:pointer}a{color:#1c7ed6}</style></head><body><h1>${escapeHtml(
    title,
  )}</h1>${body}</body></html>`;
}

function tokenOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  return typeof query['token'] === 'string' ? query['token'] : '';
}

/**
 * The unsubscribe links of notification e-mails (RFC 8058), public: GET shows a confirmation page (link scanners
 * fetch links, so a GET changes nothing), POST turns the token's one setting off. Mail clients POST
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe address; the page's button posts the same.
 */
export async function registerNotificationRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const answer = async (request: FastifyRequest, reply: FastifyReply, post: boolean) => {
      const token = tokenOf(request);
      const target = await unsubscribeTarget(services, token);
      const { locale, t } = translator(target?.localeId ?? requestLocale(request.headers));
      const title = t('unsubscribePage.title');
      const settingsLink = `<p><a href="${escapeHtml(settingsUrl(services.config.publicUrl))}">${escapeHtml(
        t('unsubscribePage.settings'),
      )}</a></p>`;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!target)
        return reply
          .status(400)
          .send(page(locale, title, `<p>${escapeHtml(t('unsubscribePage.invalid'))}</p>${settingsLink}`));
      const setting = t(`setting.${target.setting}`);
      if (post) {
        await unsubscribe(services, token);
        return reply.send(
          page(
            locale,
            title,
            `<p role="status">${escapeHtml(t('unsubscribePage.done', { setting }))}</p>${settingsLink}`,
          ),
        );
      }
      return reply.send(
        page(
          locale,
          title,
          `<p>${escapeHtml(t('unsubscribePage.confirm', { setting, email: target.email }))}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(
            t('unsubscribePage.button'),
          )}</button></form>${settingsLink}`,
        ),
      );
    };
    scope.get('/notifications/unsubscribe', NOTIFICATION_ROUTES.unsubscribePage, (request, reply) =>
      answer(request, reply, false),
    );
    scope.post('/notifications/unsubscribe', NOTIFICATION_ROUTES.unsubscribe, (request, reply) =>
      answer(request, reply, true),
    );
  });
  if (services.config.testJobRoutes === true) registerTestJobRoutes(app, services);
}

const FREQUENCY_LENGTH_MS: Record<DigestFrequency, number> = {
  fifteenMinutes: 15 * 60_000,
  hourly: 3_600_000,
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
};

/**
 * Test servers only (NODE_ENV=test with TEST_JOB_ROUTES; config.ts refuses the flag anywhere else): under test the
 * notification schedules are off, so the browser journeys run a digest here, for the period running now (it ends
 * after every mark made so far), or the immediate e-mails. The jobs are the real ones, with their claims.
 */
function registerTestJobRoutes(app: FastifyInstance, services: AppServices): void {
  app.post('/test/jobs/notifications/digest', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as { kind?: unknown; frequency?: unknown; userId?: unknown };
    const kind = body.kind === 'pending' ? 'pending' : 'issues';
    const frequency = body.frequency;
    if (
      typeof frequency !== 'string' ||
      !Object.hasOwn(FREQUENCY_LENGTH_MS, frequency) ||
      (kind === 'pending' && !(PENDING_SUMMARY_FREQUENCIES as readonly string[]).includes(frequency))
    )
      throw new AppError('INVALID_NOTIFICATION_TYPE', { field: 'frequency' });
    const f = frequency as DigestFrequency;
    const period = lastEndedPeriod(f, new Date(Date.now() + FREQUENCY_LENGTH_MS[f]));
    const userId = testUserId(body.userId);
    if (userId !== undefined) {
      const sent =
        kind === 'issues'
          ? await sendIssueDigest(services, userId, period)
          : await sendPendingSummary(services, userId, period);
      return reply.send({ period: period.key, sent: sent ? 1 : 0, skipped: sent ? 0 : 1 });
    }
    const result =
      kind === 'issues'
        ? await runIssueDigests(services, period)
        : await runPendingSummaries(services, period);
    return reply.send({ period: period.key, ...result });
  });
  app.post('/test/jobs/notifications/immediate', { schema: { hide: true } }, async (request, reply) => {
    const userId = testUserId(((request.body ?? {}) as { userId?: unknown }).userId);
    const queued =
      userId === undefined
        ? await runImmediateEmails(services)
        : await sendImmediateEmailsOf(services, userId, new Date(Date.now() - 3_600_000));
    return reply.send({ queued });
  });
}

/** An optional user id of a test job request: only that user's e-mails (other journeys share the server). */
function testUserId(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new AppError('BAD_USER_INPUT', { field: 'userId' });
  return value;
}
