import { expect, type ObraServer } from '../fixtures.ts';

/** One e-mail as received by the local SMTP server, decoded enough to read it. */
export interface ReadMail {
  headers: Map<string, string>;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Decodes an RFC 2047 header (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Reads a raw message: its headers (subject decoded) and its text and HTML parts. */
export function readMail(raw: string): ReadMail {
  const { headers, body } = splitHeaders(raw);
  headers.set('subject', decodeHeader(headers.get('subject') ?? ''));
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const decoded = decodePart(headers, body);
    const isHtml = type.toLowerCase().startsWith('text/html');
    return { headers, text: isHtml ? '' : decoded, html: isHtml ? decoded : '' };
  }
  let text = '';
  let html = '';
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const p = splitHeaders(part.replace(/^\r?\n/, ''));
    const partType = (p.headers.get('content-type') ?? '').toLowerCase();
    if (partType.startsWith('text/plain')) text = decodePart(p.headers, p.body);
    if (partType.startsWith('text/html')) html = decodePart(p.headers, p.body);
  }
  return { headers, text, html };
}

/** Waits for an e-mail to `to` whose subject matches, and returns it read. */
export async function waitForMail(obra: ObraServer, to: string, subject: RegExp): Promise<ReadMail> {
  let found: ReadMail | undefined;
  await expect
    .poll(
      () => {
        found = obra
          .outbox()
          .map((m) => readMail(m.raw))
          .filter((m) => (m.headers.get('to') ?? '').toLowerCase().includes(to.toLowerCase()))
          .filter((m) => subject.test(m.headers.get('subject') ?? ''))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${to}`);
  return found;
}
