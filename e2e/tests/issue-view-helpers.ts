import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, type ObraServer } from '../fixtures.ts';
import { createUser, signInWithForm } from './identity-helpers.ts';
import { gql, tokenOf } from './project-helpers.ts';
import { encodeGreyPng } from './png.ts';

/** Someone who signs in: e-mail, password and their name as the app shows it. */
export interface Person {
  email: string;
  password: string;
  token: string;
  id: number;
  name: string;
}

/** A project with two disciplines and a second company taking part as collaborator of the first discipline. */
export interface IssueWorld {
  projectId: number;
  /** [EST, HID]: the collaborator answers for EST. */
  disciplineIds: [number, number];
  /** The owner company's admin: project administrator (a coordinator). */
  owner: Person;
  /** The invited company's admin: a collaborator of EST. */
  collaborator: Person;
}

async function person(
  request: APIRequestContext,
  obra: ObraServer,
  tag: string,
  name: [string, string],
): Promise<Person> {
  const { email, password } = await createUser(request, obra, { onboarded: true, tag });
  const token = await tokenOf(request, email);
  await gql(
    request,
    token,
    'mutation($n: String!, $l: String!) { updateUserProfile(input: { name: $n, lastName: $l }) { id } }',
    {
      n: name[0],
      l: name[1],
    },
  );
  const me = await gql<{ loggedUserData: { id: number; name: string; lastName: string } }>(
    request,
    token,
    '{ loggedUserData { id name lastName } }',
  );
  return {
    email,
    password,
    token,
    id: me.loggedUserData.id,
    name: `${me.loggedUserData.name} ${me.loggedUserData.lastName}`,
  };
}

/** Builds the world through the API, as identity and projects journeys do on screen. */
export async function buildIssueWorld(request: APIRequestContext, obra: ObraServer): Promise<IssueWorld> {
  const owner = await person(request, obra, 'issue-owner', ['Olga', 'Coordenadora']);
  const collaborator = await person(request, obra, 'issue-collab', ['Caio', 'Colaborador']);
  const project = await gql<{ createProject: { id: number } }>(
    request,
    owner.token,
    'mutation($n: String!) { createProject(name: $n) { id } }',
    { n: `Edifício Aurora ${Math.floor(Math.random() * 1e5)}` },
  );
  const projectId = project.createProject.id;
  const disciplines = await gql<{ setProjectDisciplines: { id: number; abbreviation: string }[] }>(
    request,
    owner.token,
    'mutation($p: Int!, $d: [ProjectDisciplineInput!]!) { setProjectDisciplines(projectId: $p, disciplines: $d) { id abbreviation } }',
    {
      p: projectId,
      d: [
        { name: 'Estrutura', abbreviation: 'EST' },
        { name: 'Hidráulica', abbreviation: 'HID' },
      ],
    },
  );
  const est = disciplines.setProjectDisciplines.find((d) => d.abbreviation === 'EST')?.id ?? 0;
  const hid = disciplines.setProjectDisciplines.find((d) => d.abbreviation === 'HID')?.id ?? 0;
  const roles = await gql<{ systemRoles: { id: number; type: string; name: string }[] }>(
    request,
    owner.token,
    '{ systemRoles { id type name } }',
  );
  const collaboratorRole = roles.systemRoles.find((r) => r.type === 'project' && r.name === 'collaborator');
  const company = await gql<{ loggedUserData: { companyId: number } }>(
    request,
    collaborator.token,
    '{ loggedUserData { companyId } }',
  );
  await gql(
    request,
    owner.token,
    `mutation($p: Int!, $c: Int!, $r: Int!, $d: [Int!]!) {
      createProjectCompanyInvite(projectId: $p, companyId: $c, projectRoleId: $r, allDisciplines: false, disciplinesId: $d) { id } }`,
    { p: projectId, c: company.loggedUserData.companyId, r: collaboratorRole?.id ?? 0, d: [est] },
  );
  const invites = await gql<{ companyProjectInvites: { id: number; project: { id: number } }[] }>(
    request,
    collaborator.token,
    '{ companyProjectInvites { id project { id } } }',
  );
  const invite = invites.companyProjectInvites.find((i) => i.project.id === projectId);
  await gql(
    request,
    collaborator.token,
    'mutation($i: Int!) { acceptProjectCompanyInvite(inviteId: $i) { id } }',
    { i: invite?.id ?? 0 },
  );
  return { projectId, disciplineIds: [est, hid], owner, collaborator };
}

/** Creates an issue through the API and returns its id. */
export async function createIssueByApi(
  request: APIRequestContext,
  world: IssueWorld,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const data = await gql<{ createIssue: { id: number } }>(
    request,
    world.owner.token,
    `mutation($p: Int!, $t: String, $d: [IssueDisciplineInput!], $pin: JSON, $v: String, $description: String, $images: [IssueImageInput!]) {
      createIssue(projectId: $p, title: $t, status: "active", priority: "high", visibility: $v, disciplines: $d, pin: $pin,
        description: $description, images: $images) { id } }`,
    {
      p: world.projectId,
      t: 'Infiltração na laje do térreo',
      v: 'public',
      d: [
        { disciplineId: world.disciplineIds[0], status: 'todo' },
        { disciplineId: world.disciplineIds[1], status: 'todo' },
      ],
      pin: { x: 320, y: 180, color: 'red', image: null },
      ...overrides,
    },
  );
  return data.createIssue.id;
}

/** A signed-in page of its own (another person at another computer). */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  who: Person,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', colorScheme });
  const page = await context.newPage();
  await page.goto('/workspace');
  await signInWithForm(page, who.email, who.password);
  await expect(page.getByTestId('workspace-home')).toBeVisible();
  return page;
}

/** The issue view of an issue. */
export async function openIssue(page: Page, projectId: number, issueId: number): Promise<void> {
  await page.goto(`/workspace/project/${projectId}/issues/${issueId}`);
  await expect(page.getByTestId('issue-view')).toBeVisible();
}

/** A small PNG drawing (a grid on white), made here so the journey needs no fixture file. */
export function drawingPng(width = 480, height = 320): Buffer {
  return encodeGreyPng(width, height, (x, y) => (x % 40 === 0 || y % 40 === 0 ? 60 : null));
}

/** Uploads a picture the way the web does (signed URL, then PUT) and returns its file id. */
export async function uploadPicture(
  request: APIRequestContext,
  token: string,
  projectId: number,
  name: string,
  bytes: Buffer,
): Promise<string> {
  const signed = await gql<{ createProjectIssueFileUploadSignedUrl: { url: string; fileId: string } }>(
    request,
    token,
    'mutation($p: Int!, $f: String!) { createProjectIssueFileUploadSignedUrl(projectId: $p, filename: $f) { url fileId } }',
    { p: projectId, f: name },
  );
  const put = await request.put(signed.createProjectIssueFileUploadSignedUrl.url, { data: bytes });
  expect(put.ok()).toBe(true);
  return signed.createProjectIssueFileUploadSignedUrl.fileId;
}

/**
 * Adds a drawing as a photo in the open issue form (`dialog`) and places the pin in its middle with the pin tool
 * (chosen for the user); returns the editor canvas's box for further markup.
 */
export async function addPhotoWithPin(
  page: Page,
  dialog: Locator,
  name: string,
  png: Buffer = drawingPng(),
): Promise<{ x: number; y: number; width: number; height: number }> {
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: png });
  const editor = dialog.getByTestId('pin-editor');
  await editor.scrollIntoViewIfNeeded();
  await expect(editor.locator('canvas').first()).toBeVisible();
  // The pin tool is chosen for the user once the editor is ready; a click before that places nothing.
  await expect(editor.getByRole('button', { name: 'Pin', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const box = await editor.locator('.konvajs-content').boundingBox();
  if (!box) throw new Error('no editor canvas');
  await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 120));
  await expect(dialog.getByTestId('form-pin')).toContainText(`Pin on “${name}”`);
  return box;
}
