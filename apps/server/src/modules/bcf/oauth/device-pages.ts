import { translateShared, type Locale } from '@obra/domain';
import { escapeHtml } from '../../../mail/mjml-layout.ts';
import { requestLocale } from '../../../http/request-locale.ts';

// The three pages of the device authorization grant (RFC 8628) that the OAuth server renders itself: the code
// input, the confirmation naming the plugin with its code, and the success (docs/plugins.md). In the person's
// language (Accept-Language), in Obra's colours, with no script and nothing loaded from elsewhere. The forms are
// oidc-provider's own (its xsrf token, its field names).

interface DeviceContext {
  req: { headers: Record<string, string | string[] | undefined> };
  type: string;
  body: unknown;
  oidc: { client?: { clientName?: string; clientId: string } | undefined };
}

const STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1f2328;margin:0;padding:40px 16px}' +
  '.card{max-width:380px;margin:0 auto;background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:24px}' +
  'h1{font-size:1.4rem;margin:0 0 12px}p{line-height:1.5}.error{color:#c92a2a}.hint{color:#59636e;font-size:.875rem}' +
  'code{display:block;font-size:1.8rem;letter-spacing:.15em;text-align:center;margin:12px 0}' +
  'label{display:block;font-weight:600;margin-bottom:6px}' +
  'input[type=text]{width:100%;box-sizing:border-box;font-size:1.4rem;letter-spacing:.1em;text-transform:uppercase;text-align:center;padding:8px;border:1px solid #b8bfc6;border-radius:6px}' +
  'button{width:100%;margin-top:12px;padding:10px;border:0;border-radius:6px;background:#1c7ed6;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}' +
  'button.secondary{background:transparent;color:#59636e;font-weight:400}';

function page(locale: Locale, title: string, content: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Obra</title><style>${STYLE}</style></head><body><main class="card"><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`;
}

function translator(ctx: DeviceContext) {
  const locale = requestLocale(ctx.req.headers);
  const t = (key: string, vars: Record<string, string> = {}) =>
    (translateShared(locale, 'serverPages', `device.${key}`) ?? key).replace(
      /\{\{(\w+)\}\}/g,
      (_m, name: string) => escapeHtml(vars[name] ?? ''),
    );
  return { locale, t };
}

function clientName(ctx: DeviceContext): string {
  return ctx.oidc.client?.clientName || ctx.oidc.client?.clientId || 'plugin';
}

/** The code input page (GET /bcf-oauth/device, and again after a wrong code). */
export function userCodeInputSource(ctx: DeviceContext, form: string, _out: unknown, err?: Error): void {
  const { locale, t } = translator(ctx);
  const name = (err as { name?: string; userCode?: string } | undefined)?.name;
  const message = !err
    ? `<p>${t('inputIntro')}</p>`
    : `<p class="error" role="alert">${
        name === 'AbortedError'
          ? t('aborted')
          : (err as { userCode?: string }).userCode || name === 'NoCodeError'
            ? t('wrongCode')
            : t('failed')
      }</p>`;
  // oidc-provider's form: its hidden xsrf field and the user_code input, labelled here (its placeholder is English).
  const labelled = form
    .replace(
      /<input\s+([^>]*name="user_code")/,
      `<label for="user_code">${t('code')}</label><input id="user_code" $1`,
    )
    .replace(/ placeholder="[^"]*"/, ' placeholder="XXXX-XXXX"');
  ctx.type = 'html';
  ctx.body = page(
    locale,
    t('inputTitle'),
    `${message}${labelled}<button type="submit" form="op.deviceInputForm">${t('continue')}</button>`,
  );
}

/** The confirmation: which plugin asks, and the code it should be showing. */
export function userCodeConfirmSource(
  ctx: DeviceContext,
  form: string,
  _client: unknown,
  _deviceInfo: unknown,
  userCode: string,
): void {
  const { locale, t } = translator(ctx);
  ctx.type = 'html';
  ctx.body = page(
    locale,
    t('confirmTitle', { client: clientName(ctx) }),
    `<p>${t('confirmIntro')}</p><code data-testid="device-user-code">${escapeHtml(userCode)}</code>` +
      `<p class="hint">${t('confirmWarning')}</p>${form}` +
      `<button type="submit" form="op.deviceConfirmForm">${t('continue')}</button>` +
      `<button type="submit" class="secondary" form="op.deviceConfirmForm" name="abort" value="yes">${t('cancel')}</button>`,
  );
}

/** The end: the plugin now has its tokens. */
export function successSource(ctx: DeviceContext): void {
  const { locale, t } = translator(ctx);
  ctx.type = 'html';
  ctx.body = page(locale, t('successTitle'), `<p>${t('successBody', { client: clientName(ctx) })}</p>`);
}
