// The Power BI connection of a project (issue 32 item 4): a .pbids file that Power BI Desktop opens. The test parses
// the file as Power BI does (version, one OData connection and its address) and follows the address with an access
// key: the service document, then an entity set, limited to the project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, buildUser, type TestUser } from '../support/factories.ts';
import { call, createProject } from '../projects/project-test-kit.ts';

let t: TestServer;
let owner: TestUser;
let outsider: TestUser;
let platformAdmin: TestUser;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await startTestServer();
  owner = (await buildCompanyWithAdmin(t)).admin;
  outsider = (await buildCompanyWithAdmin(t)).admin;
  platformAdmin = await buildUser(t, { isAdmin: true });
  projectId = await createProject(t, owner, 'Torre Power BI');
  otherProjectId = await createProject(t, owner, 'Outra Torre');
});
afterAll(async () => {
  await t.close();
});

async function connectionFile(user: TestUser | undefined, id = projectId) {
  return fetch(`${t.url}/data-lake/power-bi/projects/${id}/connection`, {
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
}

describe('the Power BI connection file', () => {
  it('is a .pbids attachment with one OData connection to the project feed, and no secret', async () => {
    const answer = await connectionFile(owner);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="obra-Torre-Power-BI.pbids"',
    );
    const text = await answer.text();
    const file = JSON.parse(text) as {
      version: string;
      connections: { details: { protocol: string; address: { url: string } }; mode: string }[];
    };
    expect(file.version).toBe('0.1');
    expect(file.connections).toHaveLength(1);
    const [connection] = file.connections;
    expect(connection?.details.protocol).toBe('odata');
    expect(connection?.mode).toBe('Import');
    expect(connection?.details.address.url).toBe(`${t.url}/data-lake/odata?projectId=${projectId}`);
    expect(text).not.toMatch(/obk_|secret|password/i);
  });

  it("opens the project's feed with an access key, as Power BI does with the file's address", async () => {
    const file = (await (await connectionFile(owner)).json()) as {
      connections: { details: { address: { url: string } } }[];
    };
    const address = new URL(file.connections[0]!.details.address.url);
    const created = await call<{ createAccessKey: { accessKey: { keyId: string }; secret: string } }>(
      t,
      owner,
      'mutation { createAccessKey(name: "Power BI Torre") { accessKey { keyId } secret } }',
    );
    const basic = `Basic ${Buffer.from(`${created.createAccessKey.accessKey.keyId}:${created.createAccessKey.secret}`).toString('base64')}`;
    // Without the key, the challenge that makes Power BI ask for Basic credentials.
    const anonymous = await fetch(address);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    // The service document.
    const service = await fetch(address, { headers: { authorization: basic } });
    expect(service.status).toBe(200);
    const sets = ((await service.json()) as { value: { name: string }[] }).value.map((s) => s.name);
    expect(sets).toEqual(expect.arrayContaining(['Projects', 'Issues', 'IssueDisciplines']));
    // An entity set under the same address keeps the project option: only this project.
    const projects = new URL(`${address.pathname}/Projects${address.search}`, address);
    const rows = await fetch(projects, { headers: { authorization: basic } });
    expect(rows.status).toBe(200);
    const ids = ((await rows.json()) as { value: { id: number }[] }).value.map((p) => p.id);
    expect(ids).toEqual([projectId]);
    expect(ids).not.toContain(otherProjectId);
  });

  it("is the project's people's only", async () => {
    const stranger = await connectionFile(outsider);
    expect([stranger.status, ((await stranger.json()) as { code: string }).code]).toEqual([
      404,
      'PROJECT_NOT_FOUND',
    ]);
    const admin = await connectionFile(platformAdmin);
    expect([admin.status, ((await admin.json()) as { code: string }).code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await connectionFile(undefined);
    expect(anonymous.status).toBe(401);
  });
});
