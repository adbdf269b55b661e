import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { outboxMessages, post, readyUser, waitForOutbox } from '../support/auth-client.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
});

afterAll(async () => {
  await t.close();
});

const sql = (text: string, values: unknown[] = []) =>
  t.server.services.database.executor.executeSql(text, values);
const code = (res: { errors?: { extensions?: { code?: string } }[] | undefined }) =>
  res.errors?.[0]?.extensions?.code;
const createCompany = (token: string, name: string) =>
  t.gql<{
    createCompany: { companyId: number; company: { name: string; role: string; amountProjects: number } };
  }>(
    'mutation($n: String!) { createCompany(input: { name: $n }) { companyId company { id name role amountProjects } } }',
    { n: name },
    { token },
  );
const invite = (token: string, email: string, role = 'collaborator') =>
  t.gql<{ inviteCompanyMember: { id: number; email: string; role: string; status: string } }>(
    'mutation($e: String!, $r: String!) { inviteCompanyMember(email: $e, role: $r) { id email role status createdAt expiresAt invitedBy { email } } }',
    { e: email, r: role },
    { token },
  );

describe('company creation (onboarding/company)', () => {
  it('needs a confirmed profile, makes the user its administrator, and refuses a second company', async () => {
    const noProfile = await readyUser(t, 'early@acme.com', { profile: false });
    expect(code(await createCompany(noProfile, 'Early Ltd'))).toBe('INVALID_ACTION');
    const token = await readyUser(t, 'owner@acme.com');
    expect(code(await createCompany(token, '  '))).toBe('REQUIRED_FIELD');
    const res = await createCompany(token, 'Acme Engenharia');
    expect(res.errors).toBeUndefined();
    expect(res.data?.createCompany.company).toEqual({
      id: res.data?.createCompany.companyId,
      name: 'Acme Engenharia',
      role: 'admin',
      amountProjects: 0,
    });
    expect(code(await createCompany(token, 'Second Co'))).toBe('USER_ALREADY_PARTICIPATES_COMPANY');
  });

  it('refuses a name already taken, ignoring case and accents (DUPLICATED_COMPANY_NAME)', async () => {
    const token = await readyUser(t, 'other@beta.com');
    expect(code(await createCompany(token, 'ACME engenhária'))).toBe('DUPLICATED_COMPANY_NAME');
    const { rows } = await sql(
      "select count(*)::int as n from companies where owner_user_id = (select id from users where email = 'other@beta.com')",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('company member invites', () => {
  let admin: string;
  let adminB: string;

  beforeAll(async () => {
    admin = await readyUser(t, 'boss@gamma.com');
    await createCompany(admin, 'Gamma');
    adminB = await readyUser(t, 'boss@delta.com');
    await createCompany(adminB, 'Delta');
  });

  it('are sent by company administrators, by e-mail, once per address', async () => {
    const sent = await invite(admin, 'New.Hire@gamma.com', 'manager');
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.inviteCompanyMember).toMatchObject({
      email: 'new.hire@gamma.com',
      role: 'manager',
      status: 'pending',
    });
    const [mail] = await waitForOutbox(t.dataDir, 'new.hire@gamma.com');
    expect(mail).toContain('invited you to join the company Gamma on Obra as manager');
    expect(mail).toContain(`/onboarding/company?inviteId=${sent.data?.inviteCompanyMember.id}`);
    expect(code(await invite(admin, 'new.hire@gamma.com'))).toBe('ALREADY_INVITED');
    expect(code(await invite(admin, 'boss@gamma.com'))).toBe('ALREADY_IN_THIS_COMPANY');
    expect(code(await invite(admin, 'boss@delta.com'))).toBe('USER_ALREADY_PARTICIPATES_COMPANY');
    expect(code(await invite(admin, 'x@gamma.com', 'owner'))).toBe('BAD_USER_INPUT');
    const loner = await readyUser(t, 'loner@zeta.com');
    expect(code(await invite(loner, 'x@gamma.com'))).toBe('FORBIDDEN');
    const link = await t.gql<{ companyMemberInviteLink: string }>(
      `{ companyMemberInviteLink(inviteId: ${sent.data?.inviteCompanyMember.id}) }`,
      {},
      { token: admin },
    );
    expect(link.data?.companyMemberInviteLink).toMatch(
      /\/onboarding\/company\?inviteId=\d+&email=new.hire%40gamma.com&token=[\w-]{43}$/,
    );
    expect(
      code(
        await t.gql(
          `{ companyMemberInviteLink(inviteId: ${sent.data?.inviteCompanyMember.id}) }`,
          {},
          { token: adminB },
        ),
      ),
    ).toBe('INVITE_NOT_FOUND');
    const resent = await t.gql(
      `mutation { resendCompanyMemberInvite(inviteId: ${sent.data?.inviteCompanyMember.id}) { id } }`,
      {},
      { token: admin },
    );
    expect(resent.errors).toBeUndefined();
    await waitForOutbox(t.dataDir, 'new.hire@gamma.com', 2);
    const list = await t.gql<{ companyMemberInvites: { email: string }[] }>(
      '{ companyMemberInvites { email status invitedBy { email } } }',
      {},
      { token: admin },
    );
    expect(list.data?.companyMemberInvites.map((i) => i.email)).toEqual(['new.hire@gamma.com']);
  });

  it('are sent by managers too (managers and collaborators only), never by collaborators (company.inviteMembers)', async () => {
    const owner = await readyUser(t, 'boss@kappa.com');
    const companyId = (await createCompany(owner, 'Kappa')).data!.createCompany.companyId;
    const member = async (email: string, role: string) => {
      const token = await readyUser(t, email);
      await sql('update users set company_id = $1, company_role = $2 where email = $3', [
        companyId,
        role,
        email,
      ]);
      return token;
    };
    const manager = await member('manager@kappa.com', 'manager');
    const collaborator = await member('worker@kappa.com', 'collaborator');

    const sent = await invite(manager, 'hire@kappa.com', 'manager');
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.inviteCompanyMember).toMatchObject({
      email: 'hire@kappa.com',
      role: 'manager',
      status: 'pending',
    });
    await waitForOutbox(t.dataDir, 'hire@kappa.com');
    expect(code(await invite(manager, 'helper@kappa.com', 'collaborator'))).toBeUndefined();
    // Making an administrator is managing members: the company administrator's call.
    expect(code(await invite(manager, 'chief@kappa.com', 'admin'))).toBe('FORBIDDEN');
    const adminInvite = await invite(owner, 'chief@kappa.com', 'admin');
    const adminInviteId = adminInvite.data!.inviteCompanyMember.id;
    expect(
      code(
        await t.gql(
          `mutation { resendCompanyMemberInvite(inviteId: ${adminInviteId}) { id } }`,
          {},
          { token: manager },
        ),
      ),
    ).toBe('FORBIDDEN');
    const sentId = sent.data!.inviteCompanyMember.id;
    expect(
      code(
        await t.gql(
          `mutation { resendCompanyMemberInvite(inviteId: ${sentId}) { id } }`,
          {},
          { token: manager },
        ),
      ),
    ).toBeUndefined();
    const link = await t.gql<{ companyMemberInviteLink: string }>(
      `{ companyMemberInviteLink(inviteId: ${sentId}) }`,
      {},
      { token: manager },
    );
    expect(link.data?.companyMemberInviteLink).toMatch(new RegExp(`inviteId=${sentId}&email=`));
    const list = await t.gql<{ companyMemberInvites: { email: string }[] }>(
      '{ companyMemberInvites { email } }',
      {},
      { token: manager },
    );
    expect(list.data?.companyMemberInvites.map((i) => i.email).sort()).toEqual([
      'chief@kappa.com',
      'helper@kappa.com',
      'hire@kappa.com',
    ]);

    expect(code(await invite(collaborator, 'friend@kappa.com'))).toBe('FORBIDDEN');
    expect(code(await t.gql('{ companyMemberInvites { email } }', {}, { token: collaborator }))).toBe(
      'FORBIDDEN',
    );
    expect(
      code(await t.gql(`{ companyMemberInviteLink(inviteId: ${sentId}) }`, {}, { token: collaborator })),
    ).toBe('FORBIDDEN');
    expect(
      code(
        await t.gql(
          `mutation { resendCompanyMemberInvite(inviteId: ${sentId}) { id } }`,
          {},
          { token: collaborator },
        ),
      ),
    ).toBe('FORBIDDEN');
    // Platform administrators work in the admin area; they are not members and cannot invite into a company.
    const platformAdmin = await readyUser(t, 'root@obra.dev');
    await sql("update users set is_admin = true where email = 'root@obra.dev'");
    expect(code(await invite(platformAdmin, 'someone@kappa.com'))).toBe('FORBIDDEN');
  });

  it('are listed for the invitee with the owner domain; accepting one rejects the others', async () => {
    await invite(admin, 'multi@gamma.com', 'collaborator');
    await invite(adminB, 'multi@gamma.com', 'manager');
    const token = await readyUser(t, 'multi@gamma.com');
    const mine = await t.gql<{
      myCompanyInvites: {
        id: number;
        role: string;
        company: { name: string; ownerEmailDomain: string };
        invitedBy: { email: string };
      }[];
    }>(
      '{ myCompanyInvites { id role createdAt expiresAt company { id name logo ownerEmailDomain } invitedBy { email name } } }',
      {},
      { token },
    );
    const invites = mine.data?.myCompanyInvites ?? [];
    expect(
      invites.map((i) => [i.company.name, i.company.ownerEmailDomain, i.role, i.invitedBy.email]),
    ).toEqual([
      ['Delta', 'delta.com', 'manager', 'boss@delta.com'],
      ['Gamma', 'gamma.com', 'collaborator', 'boss@gamma.com'],
    ]);
    const gamma = invites.find((i) => i.company.name === 'Gamma')!;
    const delta = invites.find((i) => i.company.name === 'Delta')!;
    const accepted = await t.gql<{ acceptCompanyInvite: { company: { name: string; role: string } } }>(
      `mutation { acceptCompanyInvite(inviteId: ${gamma.id}) { companyId company { name role } } }`,
      {},
      { token },
    );
    expect(accepted.data?.acceptCompanyInvite.company).toEqual({ name: 'Gamma', role: 'collaborator' });
    expect(
      (await t.gql<{ myCompanyInvites: unknown[] }>('{ myCompanyInvites { id } }', {}, { token })).data
        ?.myCompanyInvites,
    ).toEqual([]);
    expect(
      code(await t.gql(`mutation { acceptCompanyInvite(inviteId: ${delta.id}) { id } }`, {}, { token })),
    ).toBe('INVITE_NOT_FOUND');
    const { rows } = await sql('select status from company_invites where id = $1', [delta.id]);
    expect(rows[0]).toEqual({ status: 'rejected' });
  });

  it('cannot be answered by someone else, and a member of another company cannot accept', async () => {
    const sent = await invite(adminB, 'stranger@gamma.com');
    const id = sent.data?.inviteCompanyMember.id;
    const intruder = await readyUser(t, 'intruder@zeta.com');
    expect(
      code(await t.gql(`mutation { acceptCompanyInvite(inviteId: ${id}) { id } }`, {}, { token: intruder })),
    ).toBe('INVITE_NOT_FOUND');
    expect(
      code(await t.gql(`mutation { rejectCompanyInvite(inviteId: ${id}) }`, {}, { token: intruder })),
    ).toBe('INVITE_NOT_FOUND');
    // The invitee joins another company first (through an invitation Gamma sent later), then tries Delta's.
    const token = await readyUser(t, 'stranger@gamma.com');
    await createCompany(token, 'Stranger Things');
    await sql("update company_invites set status = 'pending' where id = $1", [id]);
    expect(code(await t.gql(`mutation { acceptCompanyInvite(inviteId: ${id}) { id } }`, {}, { token }))).toBe(
      'ALREADY_IN_ANOTHER_COMPANY',
    );
  });

  it('are named before sign-in only through a signed link, and only while open (companyInvitePreview)', async () => {
    const sent = await invite(admin, 'preview@gamma.com', 'manager');
    const id = sent.data!.inviteCompanyMember.id;
    const link = await t.gql<{ companyMemberInviteLink: string }>(
      `{ companyMemberInviteLink(inviteId: ${id}) }`,
      {},
      { token: admin },
    );
    const url = new URL(link.data!.companyMemberInviteLink);
    const signed = url.searchParams.get('token')!;
    // The e-mail carries the same signed address.
    const [mail] = await waitForOutbox(t.dataDir, 'preview@gamma.com');
    expect(mail?.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')).toContain(`token=${signed}`);
    const preview = (inviteId: number, email: string, token: string) =>
      t.gql<{
        companyInvitePreview: { companyName: string; inviterName: string | null; role: string } | null;
      }>(
        'query($i: Int!, $e: String!, $t: String!) { companyInvitePreview(inviteId: $i, email: $e, token: $t) { companyName inviterName role expiresAt } }',
        { i: inviteId, e: email, t: token },
      );
    // Anonymous, with the link's three parts: the company, the inviter and the role.
    const named = await preview(id, 'preview@gamma.com', signed);
    expect(named.errors).toBeUndefined();
    expect(named.data?.companyInvitePreview).toMatchObject({ companyName: 'Gamma', role: 'manager' });
    // The address is compared as the invitation stores it (case and spaces do not matter).
    expect((await preview(id, ' Preview@Gamma.com', signed)).data?.companyInvitePreview?.companyName).toBe(
      'Gamma',
    );
    // A guessed id, another address or a forged signature say nothing.
    expect((await preview(id + 1, 'preview@gamma.com', signed)).data?.companyInvitePreview).toBeNull();
    expect((await preview(id, 'other@gamma.com', signed)).data?.companyInvitePreview).toBeNull();
    expect((await preview(id, 'preview@gamma.com', 'A'.repeat(43))).data?.companyInvitePreview).toBeNull();
    expect((await preview(id, 'preview@gamma.com', 'x'.repeat(5000))).data?.companyInvitePreview).toBeNull();
    // Once answered, the same link names nothing.
    const invitee = await readyUser(t, 'preview@gamma.com');
    await t.gql(`mutation { rejectCompanyInvite(inviteId: ${id}) }`, {}, { token: invitee });
    expect((await preview(id, 'preview@gamma.com', signed)).data?.companyInvitePreview).toBeNull();
  });

  it('can be rejected', async () => {
    const sent = await invite(admin, 'nope@gamma.com');
    const token = await readyUser(t, 'nope@gamma.com');
    const res = await t.gql<{ rejectCompanyInvite: boolean }>(
      `mutation { rejectCompanyInvite(inviteId: ${sent.data?.inviteCompanyMember.id}) }`,
      {},
      { token },
    );
    expect(res.data?.rejectCompanyInvite).toBe(true);
    expect(
      (
        await t.gql<{ loggedUserData: { companyId: number | null } }>(
          '{ loggedUserData { companyId } }',
          {},
          { token },
        )
      ).data?.loggedUserData.companyId,
    ).toBeNull();
  });
});

describe('demo mode', () => {
  it('refuses every mutation outside the demo allow-list with FORBIDDEN_DEMO_MODE', async () => {
    const token = await readyUser(t, 'demo@obra.local');
    await sql("update users set is_demo = true where email = 'demo@obra.local'");
    for (const mutation of [
      'mutation { createCompany(input: { name: "Demo Co" }) { id } }',
      'mutation { updateUserProfile(input: { name: "X" }) { id } }',
      'mutation { createAccessKey(name: "k") { secret } }',
      'mutation { acceptCompanyInvite(inviteId: 1) { id } }',
      'mutation { inviteCompanyMember(email: "a@b.co", role: "admin") { id } }',
      'mutation { noop }',
    ]) {
      expect(code(await t.gql(mutation, {}, { token })), mutation).toBe('FORBIDDEN_DEMO_MODE');
    }
    expect((await t.gql('mutation { acceptAiDisclaimer { id } }', {}, { token })).errors).toBeUndefined();
    expect(
      (await t.gql<{ loggedUserData: { isDemo: boolean } }>('{ loggedUserData { isDemo } }', {}, { token }))
        .data?.loggedUserData.isDemo,
    ).toBe(true);
    const change = await post(
      t,
      '/auth/change-password',
      { oldPassword: 'Str0ng!Passw0rd', newPassword: 'Oth3r!Password' },
      { authorization: `Bearer ${token}` },
    );
    expect(change.body).toMatchObject({ code: 'FORBIDDEN_DEMO_MODE' });
  });
});

describe('requestDemoAccess', () => {
  const ask = (vars: Record<string, string>, headers: Record<string, string> = {}) =>
    t.gql<{ requestDemoAccess: boolean }>(
      'query($name: String!, $lastName: String!, $company: String!, $email: String!, $phone: String!) { requestDemoAccess(name: $name, lastName: $lastName, company: $company, email: $email, phone: $phone) }',
      vars,
      { headers },
    );
  const full = {
    name: 'Rita',
    lastName: 'Lee',
    company: 'Mutantes',
    email: 'rita@mutantes.com',
    phone: '+55 11 1234',
  };

  it('requires all five fields, stores the request and e-mails the platform admins in their language', async () => {
    await readyUser(t, 'root@obra.local');
    await sql("update users set is_admin = true, locale_id = 'pt-BR' where email = 'root@obra.local'");
    for (const field of Object.keys(full)) {
      expect(code(await ask({ ...full, [field]: ' ' })), field).toBe('REQUIRED_FIELD');
    }
    const res = await ask(full);
    expect(res.data?.requestDemoAccess).toBe(true);
    const { rows } = await sql('select name, last_name, company, email, phone from demo_requests');
    expect(rows).toEqual([
      {
        name: 'Rita',
        last_name: 'Lee',
        company: 'Mutantes',
        email: 'rita@mutantes.com',
        phone: '+55 11 1234',
      },
    ]);
    const [mail] = await waitForOutbox(t.dataDir, 'root@obra.local', 1, /Rita/);
    expect(mail).toContain('Um visitante pediu uma demonstração do Obra');
    expect(mail).toContain('rita@mutantes.com');
    expect(outboxMessages(t.dataDir, 'rita@mutantes.com')).toEqual([]);
  });
});
