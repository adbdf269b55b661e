// Rotating the sealing keys of the partner platforms' credentials (docs/integrations.md "Secrets"): a server
// started with a new key first and the old one kept still opens the stored account, and seals it again under the
// new key the next time it is used; a secret that no configured key opens asks the user to connect again.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { createProject } from '../projects/project-test-kit.ts';
import { rest } from '../drive/drive-test-kit.ts';
import { startWebDavServer, type WebDavTestServer } from '../support/webdav-test-server.ts';

const OLD = `old:${randomBytes(32).toString('base64')}`;
const NEW = `new:${randomBytes(32).toString('base64')}`;

let t: TestServer;
let dav: WebDavTestServer;
let coordinator: TestUser;
let projectId: number;

async function keyIdOf(server: TestServer, userId: number): Promise<string> {
  const { rows } = await server.server.services.database.executor.executeSql(
    'select key_id from user_integrations where user_id = $1',
    [userId],
  );
  return (rows[0] as { key_id: string }).key_id;
}

beforeAll(async () => {
  t = await startTestServer({ INTEGRATIONS_KEYS: OLD });
  const owner = await buildCompanyWithAdmin(t);
  projectId = await createProject(t, owner.admin, 'Torre Chaves');
  const coord = await buildCompanyWithAdmin(t);
  coordinator = coord.admin;
  await t.server.services.database.db.execute(
    sql`insert into project_companies (project_id, company_id, role_id, all_disciplines, discipline_ids)
        values (${projectId}, ${coord.companyId}, 2, true, '[]'::jsonb)`,
  );
  dav = await startWebDavServer([
    {
      username: 'paula',
      password: 'rotate-me-app-password',
      email: coordinator.email,
      tree: { Cliente: { Obra: { 'leia-me.txt': 'x' } } },
    },
  ]);
  expect(
    (await rest(t, coordinator, 'PUT', '/autodoc/platform', { platform: 'webdav', baseUrl: dav.baseUrl }))
      .status,
  ).toBe(200);
  const connected = await rest(t, coordinator, 'POST', '/autodoc/user-integration', {
    email: coordinator.email,
    username: 'paula',
    password: 'rotate-me-app-password',
  });
  expect(connected.status).toBe(200);
  const linked = await rest(t, coordinator, 'POST', '/autodoc/project-integration', {
    projectId,
    autodocCustomerId: 'Cliente',
    autodocProjectId: 'Obra',
  });
  expect(linked.status).toBe(201);
});
afterAll(async () => {
  await dav.close();
  await t.close();
});

describe('key rotation', () => {
  it('opens with the old key and seals again under the new one on use', async () => {
    expect(await keyIdOf(t, coordinator.id)).toBe('old');
    t = await t.restart({ INTEGRATIONS_KEYS: `${NEW},${OLD}` });
    const items = await rest<{ items: { id: string }[] }>(
      t,
      coordinator,
      'GET',
      `/autodoc/projects/${projectId}/folder-items?folderId=%2F`,
    );
    expect(items.status, JSON.stringify(items.body)).toBe(200);
    expect(items.body.items.map((i) => i.id)).toEqual(['/leia-me.txt']);
    expect(await keyIdOf(t, coordinator.id)).toBe('new');
    // The old key can go now: the account opens under the new one alone.
    t = await t.restart({ INTEGRATIONS_KEYS: NEW });
    const again = await rest(
      t,
      coordinator,
      'GET',
      `/autodoc/projects/${projectId}/folder-items?folderId=%2F`,
    );
    expect(again.status).toBe(200);
  });

  it('a secret no configured key opens asks the user to connect again, and can be disconnected', async () => {
    t = await t.restart({ INTEGRATIONS_KEYS: `other:${randomBytes(32).toString('base64')}` });
    const answer = await rest(
      t,
      coordinator,
      'GET',
      `/autodoc/projects/${projectId}/folder-items?folderId=%2F`,
    );
    expect([answer.status, answer.body.code]).toEqual([409, 'INTEGRATION_NOT_CONNECTED']);
    expect((await rest(t, coordinator, 'DELETE', '/autodoc/user-integration')).body).toMatchObject({
      connected: false,
    });
  });
});
