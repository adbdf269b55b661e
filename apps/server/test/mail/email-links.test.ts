import { describe, expect, it } from 'vitest';
import { linkify, renderEmail } from '../../src/mail/email-renderer.ts';

describe('the invitation e-mail carries a real link (issue 21)', () => {
  const link = 'https://obra.example/onboarding/company?inviteId=12&email=gil%40elsewhere.example';

  it("makes the message's link an anchor in the HTML part, and leaves the text part plain", () => {
    const mail = renderEmail({
      to: 'gil@elsewhere.example',
      locale: 'en',
      template: 'companyInvite',
      vars: { inviter: 'Ana Silva', company: 'Acme', role: 'Collaborator', link, expiresAt: '2026-12-10' },
    });
    const href = link.replace(/&/g, '&#38;');
    expect(mail.html).toContain(`<a href="${href}">${href}</a>`);
    expect(mail.text).toContain(link);
    expect(mail.text).not.toContain('<a ');
  });

  it('links only the message link, never an address typed into a name', () => {
    const mail = renderEmail({
      to: 'gil@elsewhere.example',
      locale: 'pt-BR',
      template: 'companyInvite',
      vars: {
        inviter: 'http://phish.example',
        company: 'Acme',
        role: 'Colaborador',
        link,
        expiresAt: '2026-12-10',
      },
    });
    expect(mail.html).toContain('http://phish.example');
    expect(mail.html).not.toContain('href="http://phish.example');
    expect(mail.html?.match(/<a href=/g)).toHaveLength(1);
    expect(linkify('no link here', undefined)).toBe('no link here');
    expect(linkify('javascript:alert(1)', 'javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
