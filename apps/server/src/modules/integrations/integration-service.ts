import { AppError, canInProject } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Config } from '../../config.ts';
import type { Actor } from '../../auth/actor.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { loadProjectAccess, requireActive, type ProjectAccess } from '../projects/project-access.ts';
import {
  PLATFORMS,
  type DocumentPlatformConnector,
  type PartnerCredentials,
  type PartnerProjectRef,
  type Platform,
} from './connector.ts';
import { WebDavConnector } from './webdav-connector.ts';
import { ApsConnector } from './aps-connector.ts';
import { loadSecretBox, type SecretBox } from './secret-box.ts';
import {
  deleteUserIntegration,
  findCompanyIntegration,
  findProjectIntegration,
  findProjectIntegrations,
  findUserIntegration,
  insertProjectIntegration,
  saveCompanyIntegration,
  saveUserIntegration,
  updateUserSecret,
  type ProjectIntegrationRow,
  type UserIntegrationRow,
} from './integration-repository.ts';

/** Credentials are refreshed when they expire within this time (OAuth platforms). */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

const boxes = new WeakMap<Config, SecretBox>();

/** The process's sealing keys (INTEGRATIONS_KEYS, else $DATA_DIR/keys), loaded once per configuration. */
export function secretBoxOf(services: Pick<AppServices, 'config'>): SecretBox {
  let box = boxes.get(services.config);
  if (!box) {
    box = loadSecretBox({ keys: services.config.integrations.keys, dataDir: services.config.dataDir });
    boxes.set(services.config, box);
  }
  return box;
}

/**
 * A connector for a platform, a base URL and an account: the one place that knows the adapters. APS is always
 * called at APS_BASE_URL (the client secret never goes to an address a company chose), and only when this server
 * has an APS app (APS_CLIENT_ID, APS_CLIENT_SECRET).
 */
export function connectorFor(
  services: Pick<AppServices, 'config'>,
  platform: string,
  baseUrl: string,
  credentials: PartnerCredentials,
): DocumentPlatformConnector {
  const { timeoutMs, aps } = services.config.integrations;
  if (platform === 'webdav') return new WebDavConnector(baseUrl, credentials, timeoutMs);
  if (platform === 'aps' && aps) return new ApsConnector(aps, credentials, timeoutMs);
  throw new AppError('INTEGRATION_NOT_SUPPORTED', { platform });
}

/** The APS app of this server, else INTEGRATION_NOT_SUPPORTED (APS_CLIENT_ID and APS_CLIENT_SECRET not set). */
export function apsConfigOf(services: Pick<AppServices, 'config'>) {
  const { aps } = services.config.integrations;
  if (!aps) throw new AppError('INTEGRATION_NOT_SUPPORTED', { platform: 'aps', reason: 'not-configured' });
  return aps;
}

/** A base URL Obra may call: http(s), no credentials in it, no fragment. */
function checkBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new AppError('BAD_USER_INPUT', { field: 'baseUrl' });
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.hash)
    throw new AppError('BAD_USER_INPUT', { field: 'baseUrl' });
  // `{user}` survives URL parsing percent-encoded: keep it readable.
  return url.toString().replace(/%7Buser%7D/gi, '{user}');
}

// ---------------------------------------------------------------------------------------------------------------
// The company's platform (setup section "integrations": the company admin, or a platform admin in the admin area)

/** What the setup pages show of a company's platform. */
export interface CompanyPlatformView {
  companyId: number;
  platform: Platform | null;
  baseUrl: string | null;
  updatedAt: string | null;
}

function requireCompanyAdmin(actor: Actor, companyId: number): void {
  if (actor.account.isAdmin) return;
  if (actor.account.companyId !== companyId || actor.account.companyRole !== 'admin')
    throw new AppError('FORBIDDEN');
}

function companyOf(actor: Actor, companyId: number | undefined): number {
  const id = companyId ?? actor.account.companyId;
  if (id === null || id === undefined) throw new AppError('COMPANY_NOT_FOUND');
  return id;
}

export async function getCompanyPlatform(
  services: AppServices,
  actor: Actor,
  companyId?: number,
): Promise<CompanyPlatformView> {
  const id = companyOf(actor, companyId);
  if (!actor.account.isAdmin && actor.account.companyId !== id) throw new AppError('FORBIDDEN');
  const row = await findCompanyIntegration(services.database.db, id);
  return {
    companyId: id,
    platform: (row?.platform as Platform | undefined) ?? null,
    baseUrl: row?.baseUrl ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Chooses the company's platform and its address. WebDAV needs the address of the company's server. APS needs
 * this server's APS app (else INTEGRATION_NOT_SUPPORTED rather than storing a platform nobody can reach) and is
 * always at APS_BASE_URL: another address is refused (Obra sends its client secret there).
 */
export async function setCompanyPlatform(
  services: AppServices,
  actor: Actor,
  input: { companyId?: number | undefined; platform: string; baseUrl?: string | undefined },
): Promise<CompanyPlatformView> {
  const id = companyOf(actor, input.companyId);
  requireCompanyAdmin(actor, id);
  if (!(PLATFORMS as readonly string[]).includes(input.platform))
    throw new AppError('BAD_USER_INPUT', { field: 'platform' });
  let baseUrl: string;
  if (input.platform === 'aps') {
    baseUrl = apsConfigOf(services).baseUrl;
    if (
      input.baseUrl !== undefined &&
      input.baseUrl.trim() !== '' &&
      checkBaseUrl(input.baseUrl).replace(/\/$/, '') !== baseUrl
    )
      throw new AppError('BAD_USER_INPUT', { field: 'baseUrl' });
  } else {
    if (input.baseUrl === undefined) throw new AppError('BAD_USER_INPUT', { field: 'baseUrl' });
    baseUrl = checkBaseUrl(input.baseUrl);
  }
  const row = await unitOfWork(services, (tx) =>
    saveCompanyIntegration(tx, {
      companyId: id,
      platform: input.platform,
      baseUrl,
      updatedByUserId: actor.account.id,
    }),
  );
  return {
    companyId: id,
    platform: row.platform as Platform,
    baseUrl: row.baseUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The user's own account (POST/GET/DELETE /autodoc/user-integration)

/** What the user sees of their account: never the secret. */
export interface UserIntegrationView {
  connected: boolean;
  platform: Platform | null;
  baseUrl: string | null;
  email: string | null;
  accountName: string | null;
  connectedAt: string | null;
}

function presentUser(row: UserIntegrationRow | undefined): UserIntegrationView {
  return {
    connected: row !== undefined,
    platform: (row?.platform as Platform | undefined) ?? null,
    baseUrl: row?.baseUrl ?? null,
    email: row?.email ?? null,
    accountName: row?.accountName ?? null,
    connectedAt: row?.createdAt.toISOString() ?? null,
  };
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Links the caller's account on their company's platform: the platform must accept the credentials
 * (INTEGRATION_LOGIN_FAILED) and have registered the e-mail given (INTEGRATION_EMAIL_NOT_REGISTERED, editor §8.1
 * 'the e-mail given is not the one registered'). Linking again replaces the account. The secret is sealed.
 */
export async function connectUser(
  services: AppServices,
  actor: Actor,
  input: { email: string; username: string; password: string },
): Promise<UserIntegrationView> {
  if (actor.account.companyId === null) throw new AppError('INTEGRATION_NOT_CONFIGURED');
  const company = await findCompanyIntegration(services.database.db, actor.account.companyId);
  if (!company) throw new AppError('INTEGRATION_NOT_CONFIGURED');
  // An APS account is linked through Autodesk's consent page (POST /autodoc/aps/authorization), never a password.
  if (company.platform === 'aps')
    throw new AppError('INTEGRATION_NOT_SUPPORTED', { platform: 'aps', use: '/autodoc/aps/authorization' });
  const credentials: PartnerCredentials = {
    accountName: input.username.trim(),
    secret: input.password,
    expiresAt: null,
  };
  const connector = connectorFor(services, company.platform, company.baseUrl, credentials);
  const registered = await connector.accountEmail();
  if (!registered || !sameEmail(registered, input.email))
    throw new AppError('INTEGRATION_EMAIL_NOT_REGISTERED', { field: 'email' });
  const sealed = secretBoxOf(services).seal(credentials.secret);
  const row = await unitOfWork(services, (tx) =>
    saveUserIntegration(tx, {
      userId: actor.account.id,
      platform: company.platform,
      baseUrl: company.baseUrl,
      email: registered.trim(),
      accountName: credentials.accountName,
      keyId: sealed.keyId,
      secret: sealed.secret,
      expiresAt: credentials.expiresAt,
    }),
  );
  services.logger.info(
    { userId: actor.account.id, platform: company.platform },
    'partner platform account connected',
  );
  return presentUser(row);
}

export async function getUserConnection(services: AppServices, actor: Actor): Promise<UserIntegrationView> {
  return presentUser(await findUserIntegration(services.database.db, actor.account.id));
}

/**
 * Forgets the caller's account after revoking its credentials at the platform; a platform that cannot be reached
 * does not keep the account linked in Obra (the failure is logged, the secret deleted all the same).
 */
export async function disconnectUser(services: AppServices, actor: Actor): Promise<UserIntegrationView> {
  const row = await findUserIntegration(services.database.db, actor.account.id);
  if (!row) return presentUser(undefined);
  try {
    await connectorFor(services, row.platform, row.baseUrl, openCredentials(services, row)).revoke();
  } catch (error) {
    services.logger.warn(
      { userId: actor.account.id, code: error instanceof AppError ? error.code : 'unknown' },
      'partner platform revocation failed; the account is forgotten anyway',
    );
  }
  await unitOfWork(services, (tx) => deleteUserIntegration(tx, actor.account.id));
  return presentUser(undefined);
}

/**
 * The stored credentials in clear. A secret no configured key opens (its key was removed from INTEGRATIONS_KEYS or
 * DATA_DIR/keys too early) is an account to connect again: INTEGRATION_NOT_CONNECTED, logged without the secret.
 */
function openCredentials(services: AppServices, row: UserIntegrationRow): PartnerCredentials {
  let secret: string;
  try {
    secret = secretBoxOf(services).open({ keyId: row.keyId, secret: row.secret });
  } catch {
    services.logger.warn(
      { userId: row.userId, keyId: row.keyId },
      'partner platform credentials cannot be opened (sealing key missing?); the user must connect again',
    );
    throw new AppError('INTEGRATION_NOT_CONNECTED', { what: 'user', reason: 'key' });
  }
  return { accountName: row.accountName, secret, expiresAt: row.expiresAt };
}

/**
 * The refreshes (and reseals) under way, by user: a refresh token is single-use (APS), so two requests of one user
 * at once share one refresh rather than the second presenting a token the first has already spent. (Within one
 * process; docs/integrations.md.)
 */
const refreshing = new Map<number, Promise<unknown>>();
/** The expiry each user's last refresh in this process stored: a row read before it was written is stale. */
const refreshedUntil = new Map<number, number>();

/**
 * The caller's connector: INTEGRATION_NOT_CONNECTED without an account (or one on another platform than `on`);
 * credentials near expiry are refreshed first and secrets sealed under an older key sealed again.
 */
async function userConnector(
  services: AppServices,
  actor: Actor,
  on?: { platform: string; baseUrl: string },
  waited = false,
): Promise<DocumentPlatformConnector> {
  const userId = actor.account.id;
  const row = await findUserIntegration(services.database.db, userId);
  if (!row) throw new AppError('INTEGRATION_NOT_CONNECTED', { what: 'user' });
  if (on && (on.platform !== row.platform || on.baseUrl !== row.baseUrl))
    throw new AppError('INTEGRATION_NOT_CONNECTED', { what: 'user' });
  const pending = refreshing.get(userId);
  if (pending && !waited) {
    // Another request of this user is refreshing: its new credentials are read once it is done.
    await pending.catch(() => undefined);
    return userConnector(services, actor, on, true);
  }
  const box = secretBoxOf(services);
  const credentials = openCredentials(services, row);
  const connector = connectorFor(services, row.platform, row.baseUrl, credentials);
  const stale = box.needsReseal({ keyId: row.keyId, secret: row.secret });
  const expiring =
    credentials.expiresAt !== null && credentials.expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;
  if (!stale && !expiring) return connector;
  // Read before a refresh of this process was written (and finished before this request looked): read again.
  if (expiring && !waited && (refreshedUntil.get(userId) ?? 0) > (credentials.expiresAt?.getTime() ?? 0))
    return userConnector(services, actor, on, true);
  const work = (async () => {
    const fresh = expiring ? ((await connector.refresh()) ?? credentials) : credentials;
    const sealed = box.seal(fresh.secret);
    await unitOfWork(services, (tx) =>
      updateUserSecret(tx, userId, { ...sealed, expiresAt: fresh.expiresAt }),
    );
    if (fresh.expiresAt) refreshedUntil.set(userId, fresh.expiresAt.getTime());
    return fresh === credentials ? connector : connectorFor(services, row.platform, row.baseUrl, fresh);
  })();
  refreshing.set(userId, work);
  try {
    return await work;
  } finally {
    if (refreshing.get(userId) === work) refreshing.delete(userId);
  }
}

export async function listCustomers(services: AppServices, actor: Actor) {
  return { customers: await (await userConnector(services, actor)).customers() };
}

export async function listPartnerProjects(services: AppServices, actor: Actor, customerId: string) {
  return { projects: await (await userConnector(services, actor)).projects(customerId) };
}

// ---------------------------------------------------------------------------------------------------------------
// The project link (POST /autodoc/project-integration, GET /autodoc/projects/{id}/integration)

/** The link as spec core §3 names it: {product}ProjectId (Obra's), autodocCustomerId, …ProjectId, …ProjectName. */
export interface ProjectIntegrationView {
  obraProjectId: number;
  autodocCustomerId: string;
  autodocProjectId: string;
  autodocProjectName: string;
  platform: Platform;
  createdAt: string;
}

function presentLink(row: ProjectIntegrationRow): ProjectIntegrationView {
  return {
    obraProjectId: row.projectId,
    autodocCustomerId: row.autodocCustomerId,
    autodocProjectId: row.autodocProjectId,
    autodocProjectName: row.autodocProjectName,
    platform: row.platform as Platform,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Links a project, once: only its coordinators (and project administrators) may
 * (CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED); an active project; PROJECT_ALREADY_INTEGRATED when it has a link
 * (a link is never edited nor removed), CCODE_PROJECT_ALREADY_INTEGRATED when the partner project is linked to
 * another project; the caller's account must be connected and see the partner project (its name is the platform's).
 */
export async function createProjectLink(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; autodocCustomerId: string; autodocProjectId: string },
): Promise<ProjectIntegrationView> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, input.projectId);
  if (access.role === null || !canInProject(access.policyActor, 'project.manageIntegrations'))
    throw new AppError('CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED');
  requireActive(access);
  if (await findProjectIntegration(db, input.projectId)) throw new AppError('PROJECT_ALREADY_INTEGRATED');
  const user = await findUserIntegration(db, actor.account.id);
  if (!user) throw new AppError('INTEGRATION_NOT_CONNECTED', { what: 'user' });
  const connector = await userConnector(services, actor);
  const partner = (await connector.projects(input.autodocCustomerId)).find(
    (p) => p.id === input.autodocProjectId,
  );
  if (!partner) throw new AppError('NOT_FOUND', { field: 'autodocProjectId' });
  const result = await unitOfWork(services, (tx) =>
    insertProjectIntegration(tx, {
      projectId: input.projectId,
      platform: user.platform,
      baseUrl: user.baseUrl,
      autodocCustomerId: input.autodocCustomerId,
      autodocProjectId: partner.id,
      autodocProjectName: partner.name,
      createdByUserId: actor.account.id,
    }),
  );
  if ('taken' in result)
    throw new AppError(
      result.taken === 'project' ? 'PROJECT_ALREADY_INTEGRATED' : 'CCODE_PROJECT_ALREADY_INTEGRATED',
    );
  services.logger.info(
    { projectId: input.projectId, userId: actor.account.id },
    'project linked to partner platform',
  );
  return presentLink(result.row);
}

async function loadLinked(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<{ access: ProjectAccess; link: ProjectIntegrationRow }> {
  const access = await loadProjectAccess(services.database.db, actor, projectId);
  const link = await findProjectIntegration(services.database.db, projectId);
  if (!link) throw new AppError('PROJECT_NOT_INTEGRATED');
  return { access, link };
}

export async function getProjectLink(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<ProjectIntegrationView> {
  return presentLink((await loadLinked(services, actor, projectId)).link);
}

/** Project.integrations (GraphQL): the link's fields, or {} for a project without one. */
export async function projectIntegrationFields(
  services: AppServices,
  projectId: number,
): Promise<Record<string, unknown>> {
  const [row] = await findProjectIntegrations(services.database.db, [projectId]);
  if (!row) return {};
  const { obraProjectId, autodocCustomerId, autodocProjectId, autodocProjectName } = presentLink(row);
  return { obraProjectId, autodocCustomerId, autodocProjectId, autodocProjectName };
}

/** The platform's address and the linked customer and project (GET …/customer-integration-data). */
export async function customerIntegrationData(services: AppServices, actor: Actor, projectId: number) {
  const { link } = await loadLinked(services, actor, projectId);
  const user = await findUserIntegration(services.database.db, actor.account.id);
  return {
    platform: link.platform as Platform,
    baseUrl: link.baseUrl,
    autodocCustomerId: link.autodocCustomerId,
    autodocProjectId: link.autodocProjectId,
    autodocProjectName: link.autodocProjectName,
    userConnected: user !== undefined && user.platform === link.platform && user.baseUrl === link.baseUrl,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Browsing the linked project (…/folder, …/folder-items, …/file, …/aps-files/{fileId}, …/aps-access-token)

/** The linked project as the caller browses it: their access, the link, a connector with their account. */
export async function browse(services: AppServices, actor: Actor, projectId: number) {
  const { access, link } = await loadLinked(services, actor, projectId);
  const connector = await userConnector(services, actor, link);
  const ref: PartnerProjectRef = { customerId: link.autodocCustomerId, projectId: link.autodocProjectId };
  return { access, link, connector, ref };
}

export async function getFolder(services: AppServices, actor: Actor, projectId: number, folderId: string) {
  const { connector, ref } = await browse(services, actor, projectId);
  return connector.folder(ref, folderId);
}

export async function getFolderItems(
  services: AppServices,
  actor: Actor,
  projectId: number,
  folderId: string,
) {
  const { connector, ref } = await browse(services, actor, projectId);
  return { folderId, items: await connector.folderItems(ref, folderId) };
}

export async function getFile(
  services: AppServices,
  actor: Actor,
  projectId: number,
  folderId: string,
  fileId: string,
) {
  const { connector, ref } = await browse(services, actor, projectId);
  return connector.file(ref, folderId, fileId);
}

/** A file by its id alone (GET …/aps-files/{fileId}), wherever it is in the linked project. */
export async function getFileById(services: AppServices, actor: Actor, projectId: number, fileId: string) {
  const { connector, ref } = await browse(services, actor, projectId);
  return connector.file(ref, null, fileId);
}

/** The bytes of a version, for the document viewer (streamed from the platform through Obra). */
export async function downloadFile(
  services: AppServices,
  actor: Actor,
  projectId: number,
  fileId: string,
  versionId?: string,
) {
  const { connector, ref } = await browse(services, actor, projectId);
  return connector.download(ref, fileId, versionId);
}

/** A read-only viewer token for the BIM viewer: APS only; 'the project has no BIM' without the BIM module. */
export async function viewerAccessToken(services: AppServices, actor: Actor, projectId: number) {
  const { access, connector } = await browse(services, actor, projectId);
  requireBim(access);
  return connector.viewerToken();
}

export function requireBim(access: ProjectAccess): void {
  const modules = (access.project.modules as unknown[] | null) ?? [];
  if (!modules.includes('bim')) throw new AppError('INTEGRATION_PROJECT_HAS_NO_BIM');
}
