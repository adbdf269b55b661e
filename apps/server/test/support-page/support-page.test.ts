import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { waitForOutbox } from '../support/auth-client.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import { sendSupportMessage } from '../../src/modules/support/support-service.ts';
import { toAccount } from '../../src/modules/identity/account.ts';
import { supportResolvers } from '../../src/graphql/resolvers/support-resolvers.ts';
import { findUserById } from '../../src/modules/identity/user-repository.ts';

/** The support page's contact form (issue 33): e-mails SUPPORT_EMAIL through the mailer, hidden without it. */

const SUPPORT = 'help@operator.example';
let t: TestServer;
let admin: TestUser;

const SEND = `mutation($i: SupportMessageInput!) { sendSupportMessage(input: $i) }`;
const input = (over: Record<string, unknown> = {}) => ({
  subject: 'Cannot upload',
  message: 'The drive says my trial ended.',
  page: 'http://obra.local/workspace/project/1/drive',
  browser: 'Mozilla/5.0 Test',
  ...over,
});

beforeAll(async () => {
  t = await startTestServer({ SUPPORT_EMAIL: SUPPORT });
  admin = (await buildCompanyWithAdmin(t)).admin;
});

afterAll(async () => {
  await t.close();
});

describe('public facts of the shell', () => {
  it('tells anyone the embedding hosts and whether the showroom is open (not in production)', async () => {
    const res = await t.gql<{ embeddingHosts: string[]; showroomOpen: boolean }>(
      '{ embeddingHosts showroomOpen }',
    );
    expect(res.data).toEqual({ embeddingHosts: [], showroomOpen: true });
    const resolve = supportResolvers.Query?.showroomOpen as unknown as (
      r: unknown,
      a: unknown,
      ctx: { services: { config: { env: string } } },
    ) => boolean;
    expect(resolve({}, {}, { services: { config: { env: 'production' } } })).toBe(false);
  });
});

describe('support', () => {
  it('offers the contact form when SUPPORT_EMAIL is set', async () => {
    const data = await call<{ supportInfo: { contactAvailable: boolean; apiVersion: string } }>(
      t,
      admin,
      '{ supportInfo { contactAvailable apiVersion } }',
    );
    expect(data.supportInfo).toEqual({ contactAvailable: true, apiVersion: '1' });
    expect(await codeOf(t, undefined, '{ supportInfo { contactAvailable } }')).toBe('UNAUTHENTICATED');
  });

  it('e-mails the operator with the page, the browser, the sender to answer, and diagnostics only with consent', async () => {
    await call(t, admin, SEND, { i: input() });
    await call(t, admin, SEND, { i: input({ subject: 'Second', diagnostics: 'url: x\nagent: y' }) });
    const [first, second] = await waitForOutbox(t.dataDir, SUPPORT, 2);
    expect(first).toContain('Subject: [Obra support] Cannot upload');
    expect(first).toContain(`Reply-To: ${admin.email}`);
    expect(first).toContain('The drive says my trial ended.');
    expect(first).toContain('Page: http://obra.local/workspace/project/1/drive');
    expect(first).toContain('Browser: Mozilla/5.0 Test');
    expect(first).not.toContain('Diagnostics');
    expect(second).toContain('Diagnostics (sent with consent):');
    expect(second).toContain('agent: y');
  });

  it('refuses an empty or oversized message', async () => {
    expect(await codeOf(t, admin, SEND, { i: input({ message: '   ' }) })).toBe('BAD_USER_INPUT');
    expect(await codeOf(t, admin, SEND, { i: input({ subject: 'x'.repeat(201) }) })).toBe('BAD_USER_INPUT');
  });

  it('answers NOT_FOUND without a support address', async () => {
    const services = t.server.services;
    const user = await findUserById(services.database.db, admin.id);
    if (!user) throw new Error('no user');
    const actor = { account: toAccount(user), via: 'session' as const, sessionId: undefined };
    await expect(
      sendSupportMessage(
        { ...services, config: { ...services.config, supportEmail: undefined } },
        actor,
        input(),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
