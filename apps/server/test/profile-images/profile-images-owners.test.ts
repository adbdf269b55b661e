import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin } from '../support/factories.ts';
import { call, codeOf } from '../projects/project-test-kit.ts';
import {
  ADMIN_UPDATE_COMPANY,
  ageUpload,
  buildImageWorld,
  CREATE_UPLOAD,
  UPDATE_COMPANY_LOGO,
  UPDATE_PHOTO,
  UPDATE_PROJECT_IMAGE,
  uploadProfileImage,
  uploadRow,
  type ImageWorld,
} from './profile-image-test-kit.ts';

let t: TestServer;
let w: ImageWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildImageWorld(t);
});
afterAll(async () => {
  await t.close();
});

const CARDS = 'query { workspaceProjects { id image company { id logo } } }';
const LOGGED = 'query { loggedUserData { photo company { logo } } }';
const status = async (url: string) => (await fetch(`${t.url}${url}`)).status;

describe('project image: updateProject(projectId, image)', () => {
  it('is set by project administrators (and platform administrators) and shown on the project and its card', async () => {
    const image = await uploadProfileImage(t, w.owner, 'PROJECT_IMAGE');
    const updated = await call<{ updateProject: { image: string } }>(t, w.owner, UPDATE_PROJECT_IMAGE, {
      projectId: w.projectId,
      image: image.url,
    });
    expect(updated.updateProject.image).toBe(image.url);
    const cards = await call<{ workspaceProjects: { id: number; image: string | null }[] }>(
      t,
      w.collaborator,
      CARDS,
    );
    expect(cards.workspaceProjects.find((c) => c.id === w.projectId)?.image).toBe(image.url);
    // Sending the current URL back changes nothing, whoever uploaded it.
    expect(
      (
        await call<{ updateProject: { image: string } }>(t, w.ownerCollaborator, UPDATE_PROJECT_IMAGE, {
          projectId: w.projectId,
          image: image.url,
        })
      ).updateProject.image,
    ).toBe(image.url);
    const byAdmin = await uploadProfileImage(t, w.platformAdmin, 'PROJECT_IMAGE');
    expect(
      (
        await call<{ updateProject: { image: string } }>(t, w.platformAdmin, UPDATE_PROJECT_IMAGE, {
          projectId: w.projectId,
          image: byAdmin.url,
        })
      ).updateProject.image,
    ).toBe(byAdmin.url);
  });

  it('is refused to coordinators and collaborators (FORBIDDEN) and to other companies (PROJECT_NOT_FOUND)', async () => {
    for (const user of [w.coordinator, w.collaborator]) {
      const image = await uploadProfileImage(t, user, 'PROJECT_IMAGE');
      expect(await codeOf(t, user, UPDATE_PROJECT_IMAGE, { projectId: w.projectId, image: image.url })).toBe(
        'FORBIDDEN',
      );
      expect(await codeOf(t, user, UPDATE_PROJECT_IMAGE, { projectId: w.projectId, image: null })).toBe(
        'FORBIDDEN',
      );
    }
    const foreign = await uploadProfileImage(t, w.outsider, 'PROJECT_IMAGE');
    expect(
      await codeOf(t, w.outsider, UPDATE_PROJECT_IMAGE, { projectId: w.projectId, image: foreign.url }),
    ).toBe('PROJECT_NOT_FOUND');
  });

  it('takes only the caller’s own recent upload of the right kind; other URLs are BAD_USER_INPUT', async () => {
    const set = (image: string) =>
      codeOf(t, w.owner, UPDATE_PROJECT_IMAGE, { projectId: w.projectId, image });
    const someoneElses = await uploadProfileImage(t, w.coordinator, 'PROJECT_IMAGE');
    const photo = await uploadProfileImage(t, w.owner, 'USER_PHOTO');
    expect(await set(someoneElses.url)).toBe('BAD_USER_INPUT');
    expect(await set(photo.url)).toBe('BAD_USER_INPUT');
    expect(await set('https://tracker.example/pixel.png')).toBe('BAD_USER_INPUT');
    expect(await set('/profile-images/00000000-0000-4000-8000-000000000000.webp')).toBe('BAD_USER_INPUT');
    const old = await uploadProfileImage(t, w.owner, 'PROJECT_IMAGE');
    await ageUpload(t, old.fileId, 1.5);
    expect(await set(old.url)).toBe('USER_UPLOAD_ERROR');
  });

  it('is removed with null, and an old image nothing else uses is deleted at once', async () => {
    const image = await uploadProfileImage(t, w.owner, 'PROJECT_IMAGE');
    await call(t, w.owner, UPDATE_PROJECT_IMAGE, { projectId: w.projectId, image: image.url });
    await ageUpload(t, image.fileId, 3);
    const removed = await call<{ updateProject: { image: string | null } }>(
      t,
      w.owner,
      UPDATE_PROJECT_IMAGE,
      { projectId: w.projectId, image: null },
    );
    expect(removed.updateProject.image).toBeNull();
    expect(await uploadRow(t, image.fileId)).toBeUndefined();
    expect(await status(image.url)).toBe(404);
  });
});

describe('company logo: updateCompanyProfile and the admin area', () => {
  it('is set and removed by the company administrator, keeping the other fields', async () => {
    const logo = await uploadProfileImage(t, w.owner, 'COMPANY_LOGO');
    const name = 'Acme Imagens';
    const saved = await call<{ updateCompanyProfile: { logo: string; website: string } }>(
      t,
      w.owner,
      UPDATE_COMPANY_LOGO,
      { name, website: 'https://acme.example', logo: logo.url },
    );
    expect(saved.updateCompanyProfile).toMatchObject({ logo: logo.url, website: 'https://acme.example' });
    // Left out, the logo stays; everyone of the company and the project's partners see it.
    await call(t, w.owner, UPDATE_COMPANY_LOGO, { name, website: 'https://acme.example' });
    expect(
      (await call<{ loggedUserData: { company: { logo: string } } }>(t, w.ownerCollaborator, LOGGED))
        .loggedUserData.company.logo,
    ).toBe(logo.url);
    const cards = await call<{ workspaceProjects: { id: number; company: { logo: string } }[] }>(
      t,
      w.collaborator,
      CARDS,
    );
    expect(cards.workspaceProjects.find((c) => c.id === w.projectId)?.company.logo).toBe(logo.url);
    const gone = await call<{ updateCompanyProfile: { logo: string | null } }>(
      t,
      w.owner,
      UPDATE_COMPANY_LOGO,
      { name, website: 'https://acme.example', logo: null },
    );
    expect(gone.updateCompanyProfile.logo).toBeNull();
  });

  it('is refused to members who are not administrators, and another company cannot touch it', async () => {
    const logo = await uploadProfileImage(t, w.owner, 'COMPANY_LOGO');
    expect(await codeOf(t, w.ownerCollaborator, UPDATE_COMPANY_LOGO, { name: 'X', logo: logo.url })).toBe(
      'FORBIDDEN',
    );
    expect(
      await codeOf(t, w.ownerCollaborator, CREATE_UPLOAD, { kind: 'COMPANY_LOGO', filename: 'logo.png' }),
    ).toBe('FORBIDDEN');
    // Another company's administrator edits only their own company, and cannot use this company's upload there.
    expect(await codeOf(t, w.outsider, UPDATE_COMPANY_LOGO, { name: 'Outsider Ltda', logo: logo.url })).toBe(
      'BAD_USER_INPUT',
    );
    const input = { name: 'Hijack', isActive: true, maxActiveProjects: -1, logo: null };
    expect(await codeOf(t, w.outsider, ADMIN_UPDATE_COMPANY, { companyId: w.companyId, input })).toBe(
      'FORBIDDEN',
    );
    const profile = await call<{ companyProfile: { name: string; logo: string | null } }>(
      t,
      w.owner,
      'query { companyProfile { name logo } }',
    );
    expect(profile.companyProfile.name).not.toBe('Hijack');
  });

  it('is set by platform administrators on any company, when creating or editing it', async () => {
    const logo = await uploadProfileImage(t, w.platformAdmin, 'COMPANY_LOGO');
    const other = await buildCompanyWithAdmin(t);
    const input = { name: 'Beta Logos', isActive: true, maxActiveProjects: 5, logo: logo.url };
    const updated = await call<{ adminUpdateCompany: { logo: string } }>(
      t,
      w.platformAdmin,
      ADMIN_UPDATE_COMPANY,
      { companyId: other.companyId, input },
    );
    expect(updated.adminUpdateCompany.logo).toBe(logo.url);
    expect(
      (await call<{ loggedUserData: { company: { logo: string } } }>(t, other.admin, LOGGED)).loggedUserData
        .company.logo,
    ).toBe(logo.url);
    const second = await uploadProfileImage(t, w.platformAdmin, 'COMPANY_LOGO');
    const created = await call<{ adminCreateCompany: { logo: string } }>(
      t,
      w.platformAdmin,
      'mutation($input: AdminCompanyInput!) { adminCreateCompany(input: $input) { logo } }',
      { input: { name: 'Gama Nova', isActive: true, maxActiveProjects: -1, logo: second.url } },
    );
    expect(created.adminCreateCompany.logo).toBe(second.url);
  });
});

describe('user photo: updateUserProfile(input: { photo })', () => {
  it('is the user’s own: set, shown, replaced and removed', async () => {
    const first = await uploadProfileImage(t, w.collaborator, 'USER_PHOTO');
    expect(
      (
        await call<{ updateUserProfile: { photo: string } }>(t, w.collaborator, UPDATE_PHOTO, {
          photo: first.url,
        })
      ).updateUserProfile.photo,
    ).toBe(first.url);
    expect(
      (await call<{ loggedUserData: { photo: string } }>(t, w.collaborator, LOGGED)).loggedUserData.photo,
    ).toBe(first.url);
    // Partners see it among the project's users.
    const users = await call<{ projectUsers: { id: number; photo: string | null }[] }>(
      t,
      w.owner,
      'query($p: Int!) { projectUsers(projectId: $p) { id photo } }',
      { p: w.projectId },
    );
    expect(users.projectUsers.find((u) => u.id === w.collaborator.id)?.photo).toBe(first.url);
    // Somebody else cannot take it as theirs.
    expect(await codeOf(t, w.coordinator, UPDATE_PHOTO, { photo: first.url })).toBe('BAD_USER_INPUT');
    const second = await uploadProfileImage(t, w.collaborator, 'USER_PHOTO');
    await call(t, w.collaborator, UPDATE_PHOTO, { photo: second.url });
    // The replaced photo was young: the cleanup job removes it later, not this call.
    expect((await uploadRow(t, first.fileId))?.status).toBe('ready');
    const removed = await call<{ updateUserProfile: { photo: string | null } }>(
      t,
      w.collaborator,
      UPDATE_PHOTO,
      { photo: '' },
    );
    expect(removed.updateUserProfile.photo).toBeNull();
  });
});

describe('demo mode', () => {
  it('refuses demo users every step (FORBIDDEN_DEMO_MODE)', async () => {
    const image = await uploadProfileImage(t, w.owner, 'USER_PHOTO');
    expect(await codeOf(t, w.demo, CREATE_UPLOAD, { kind: 'USER_PHOTO', filename: 'eu.png' })).toBe(
      'FORBIDDEN_DEMO_MODE',
    );
    expect(await codeOf(t, w.demo, 'mutation { confirmProfileImageUpload(fileId: "x") { url } }')).toBe(
      'FORBIDDEN_DEMO_MODE',
    );
    expect(await codeOf(t, w.demo, UPDATE_PHOTO, { photo: image.url })).toBe('FORBIDDEN_DEMO_MODE');
    expect(await codeOf(t, w.demo, UPDATE_PROJECT_IMAGE, { projectId: w.projectId, image: null })).toBe(
      'FORBIDDEN_DEMO_MODE',
    );
    expect(await codeOf(t, w.demo, UPDATE_COMPANY_LOGO, { name: 'Demo', logo: null })).toBe(
      'FORBIDDEN_DEMO_MODE',
    );
  });
});
