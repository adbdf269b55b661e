import {
  ERROR_ANSWERS,
  STRING,
  binaryAnswer,
  described,
  emptyAnswer,
  jsonAnswer,
  jsonList,
  pathParams,
  queryParams,
  redirectAnswer,
} from '../../http/openapi-schemas.ts';

/**
 * The OpenAPI descriptions of the BCF routes: the BCF-API 3.0, the Foundation API and the OAuth2 server's endpoints
 * (BCF-XML's are in bcf-xml-route-schemas.ts). The BCF-API's handlers check their bodies themselves (with the BCF-API's
 * answers, validated against the official JSON schemas by the tests), so these only describe (`described`).
 */

const bcfTags = ['bcf-api'];
const foundationTags = ['foundation'];
const oauthTags = ['bcf-oauth'];
const bcfSecurity: Record<string, string[]>[] = [{ bearer: [] }, { accessKey: [] }, { bcfOAuth: ['bcf'] }];

/** An object of the BCF-API, named by its official schema (fixtures/bcf-api/schemas). */
const bcfObject = (name: string, description: string) =>
  jsonAnswer(`${description} (BCF-API 3.0 \`${name}\`)`, {
    properties: { guid: { type: 'string', format: 'uuid' } },
  });
const bcfBody = (name: string) => ({
  type: 'object',
  additionalProperties: true,
  description: `The BCF-API 3.0 \`${name}\` object`,
});
const odataQuery = queryParams({
  $filter: 'OData filter (BCF-API 3.0 §3.2)',
  $orderby: 'OData order',
  $top: { type: 'integer', minimum: 0 },
  $skip: { type: 'integer', minimum: 0 },
});

const P = ['projectId'];
const T = [...P, 'topicGuid'];
const V = [...T, 'viewpointGuid'];

function bcf(
  operationId: string,
  summary: string,
  params: string[],
  response: Record<string | number, unknown>,
  extra: Record<string, unknown> = {},
) {
  return described({
    operationId,
    summary,
    tags: bcfTags,
    security: bcfSecurity,
    ...(params.length > 0 ? { params: pathParams(...params) } : {}),
    response: { ...response, ...ERROR_ANSWERS },
    ...extra,
  });
}

export const FOUNDATION_ROUTES = {
  versions: described({
    operationId: 'getFoundationVersions',
    summary: 'The APIs this server offers',
    tags: foundationTags,
    security: [],
    response: {
      200: jsonAnswer('Versions', {
        properties: {
          versions: {
            type: 'array',
            items: {
              type: 'object',
              properties: { api_id: STRING, version_id: STRING, detailed_version: STRING },
            },
          },
        },
      }),
      ...ERROR_ANSWERS,
    },
  }),
  auth: described({
    operationId: 'getFoundationAuth',
    summary: 'How clients authenticate (OAuth2 URLs, HTTP Basic)',
    tags: foundationTags,
    security: [],
    response: { 200: jsonAnswer('The auth document'), ...ERROR_ANSWERS },
  }),
  currentUser: described({
    operationId: 'getFoundationCurrentUser',
    summary: 'The caller',
    tags: foundationTags,
    security: bcfSecurity,
    response: {
      200: jsonAnswer('`{id, name}`', { properties: { id: STRING, name: STRING } }),
      ...ERROR_ANSWERS,
    },
  }),
};

const created = (name: string) => ({ 201: bcfObject(name, 'Created') });
const gone = { 204: emptyAnswer('Done') };

export const BCF_API_ROUTES = {
  listProjects: bcf('listBcfProjects', 'Projects the caller takes part in', [], {
    200: jsonList('Projects', bcfObject('project_GET', 'A project')),
  }),
  getProject: bcf('getBcfProject', 'A project with its actions', P, {
    200: bcfObject('project_GET', 'The project'),
  }),
  updateProject: bcf(
    'updateBcfProject',
    'Rename the project',
    P,
    { 200: bcfObject('project_GET', 'The project') },
    {
      body: bcfBody('project_PUT'),
    },
  ),
  extensions: bcf(
    'getBcfExtensions',
    'Topic types, statuses, labels, priorities, users, stages, actions',
    P,
    {
      200: bcfObject('extensions_GET', 'The extensions'),
    },
  ),
  filesInformation: bcf('getBcfFilesInformation', 'The model files the visible topics refer to', P, {
    200: jsonList('Files', bcfObject('file_GET', 'A file')),
  }),
  listDocuments: bcf('listBcfDocuments', 'The documents of the project', P, {
    200: jsonList('Documents', bcfObject('document_GET', 'A document')),
  }),
  getDocument: bcf('getBcfDocument', "A document's bytes", [...P, 'documentGuid'], {
    200: binaryAnswer('The document', ['*/*']),
  }),
  createDocument: bcf(
    'createBcfDocument',
    'Upload a file to the project drive',
    P,
    { 201: bcfObject('document_GET', 'The new document') },
    {
      querystring: queryParams({ filename: 'The file name (else Content-Disposition)' }),
      body: { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } },
    },
  ),
  getSnippet: bcf('getBcfSnippet', "The topic's BIM snippet file", T, { 200: binaryAnswer('The snippet') }),
  putSnippet: bcf('putBcfSnippet', "Replace the topic's BIM snippet file", T, gone, {
    body: { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } },
  }),
  listTopics: bcf(
    'listBcfTopics',
    'Topics (OData)',
    P,
    { 200: jsonList('Topics', bcfObject('topic_GET', 'A topic')) },
    {
      querystring: odataQuery,
    },
  ),
  createTopic: bcf('createBcfTopic', 'Create a topic (an issue)', P, created('topic_GET'), {
    body: bcfBody('topic_POST'),
  }),
  topicEvents: bcf(
    'listBcfTopicEvents',
    "The project's topic events",
    P,
    {
      200: jsonList('Events', bcfObject('topic_event_GET', 'An event')),
    },
    { querystring: odataQuery },
  ),
  commentEvents: bcf(
    'listBcfCommentEvents',
    "The project's comment events",
    P,
    {
      200: jsonList('Events', bcfObject('comment_event_GET', 'An event')),
    },
    { querystring: odataQuery },
  ),
  getTopic: bcf('getBcfTopic', 'A topic', T, { 200: bcfObject('topic_GET', 'The topic') }),
  updateTopic: bcf(
    'updateBcfTopic',
    "Replace a topic's fields",
    T,
    { 200: bcfObject('topic_GET', 'The topic') },
    {
      body: bcfBody('topic_PUT'),
    },
  ),
  deleteTopic: bcf('deleteBcfTopic', 'Delete a topic', T, gone),
  getTopicFiles: bcf('getBcfTopicFiles', "The topic's header files", T, {
    200: jsonList('Files', bcfObject('file_GET', 'A file')),
  }),
  putTopicFiles: bcf(
    'putBcfTopicFiles',
    "Replace the topic's header files",
    T,
    {
      200: jsonList('Files', bcfObject('file_GET', 'A file')),
    },
    { body: { type: 'array', items: bcfBody('file_PUT') } },
  ),
  putDocumentReference: bcf(
    'updateBcfDocumentReference',
    'Replace a document reference',
    [...T, 'referenceGuid'],
    { 200: bcfObject('document_reference_GET', 'The reference') },
    { body: bcfBody('document_reference_PUT') },
  ),
  deleteDocumentReference: bcf(
    'deleteBcfDocumentReference',
    'Remove a document reference',
    [...T, 'referenceGuid'],
    gone,
  ),
  getRelatedTopics: bcf('getBcfRelatedTopics', 'The related topics', T, {
    200: jsonList('Related topics', bcfObject('related_topic_GET', 'A related topic')),
  }),
  putRelatedTopics: bcf(
    'putBcfRelatedTopics',
    'Replace the related topics',
    T,
    {
      200: jsonList('Related topics', bcfObject('related_topic_GET', 'A related topic')),
    },
    { body: { type: 'array', items: bcfBody('related_topic_PUT') } },
  ),
  getDocumentReferences: bcf('listBcfDocumentReferences', 'The document references', T, {
    200: jsonList('References', bcfObject('document_reference_GET', 'A reference')),
  }),
  addDocumentReference: bcf(
    'addBcfDocumentReference',
    'Add a document reference',
    T,
    created('document_reference_GET'),
    {
      body: bcfBody('document_reference_POST'),
    },
  ),
  topicEventsOfTopic: bcf(
    'listBcfEventsOfTopic',
    "A topic's events",
    T,
    {
      200: jsonList('Events', bcfObject('topic_event_GET', 'An event')),
    },
    { querystring: odataQuery },
  ),
  listComments: bcf(
    'listBcfComments',
    "A topic's comments (OData)",
    T,
    {
      200: jsonList('Comments', bcfObject('comment_GET', 'A comment')),
    },
    { querystring: odataQuery },
  ),
  createComment: bcf('createBcfComment', 'Comment on a topic', T, created('comment_GET'), {
    body: bcfBody('comment_POST'),
  }),
  getComment: bcf('getBcfComment', 'A comment', [...T, 'commentGuid'], {
    200: bcfObject('comment_GET', 'The comment'),
  }),
  updateComment: bcf(
    'updateBcfComment',
    'Replace a comment',
    [...T, 'commentGuid'],
    {
      200: bcfObject('comment_GET', 'The comment'),
    },
    { body: bcfBody('comment_PUT') },
  ),
  deleteComment: bcf('deleteBcfComment', 'Delete a comment', [...T, 'commentGuid'], gone),
  commentEventsOfComment: bcf(
    'listBcfEventsOfComment',
    "A comment's events",
    [...T, 'commentGuid'],
    {
      200: jsonList('Events', bcfObject('comment_event_GET', 'An event')),
    },
    { querystring: odataQuery },
  ),
  listViewpoints: bcf('listBcfViewpoints', "A topic's viewpoints", T, {
    200: jsonList('Viewpoints', bcfObject('viewpoint_GET', 'A viewpoint')),
  }),
  createViewpoint: bcf(
    'createBcfViewpoint',
    'Add a viewpoint (with its snapshot and bitmaps)',
    T,
    created('viewpoint_GET'),
    {
      body: bcfBody('viewpoint_POST'),
    },
  ),
  viewpointPart: (part: 'selection' | 'coloring' | 'visibility') =>
    bcf(`getBcfViewpoint${part[0]?.toUpperCase()}${part.slice(1)}`, `A viewpoint's ${part}`, V, {
      200: bcfObject(`${part}_GET`, `The ${part}`),
    }),
  getViewpoint: bcf('getBcfViewpoint', 'A viewpoint', V, {
    200: bcfObject('viewpoint_GET', 'The viewpoint'),
  }),
  deleteViewpoint: bcf('deleteBcfViewpoint', 'Delete a viewpoint', V, gone),
  getSnapshot: bcf('getBcfSnapshot', "A viewpoint's snapshot", V, {
    200: binaryAnswer('The image', ['image/png', 'image/jpeg']),
  }),
  getBitmap: bcf('getBcfBitmap', "A viewpoint's bitmap", [...V, 'bitmapGuid'], {
    200: binaryAnswer('The image', ['image/png', 'image/jpeg']),
  }),
};

const oauthForm = (properties: Record<string, unknown>, required: string[]) => ({
  content: {
    'application/x-www-form-urlencoded': { schema: { type: 'object', required, properties } },
  },
});
const oauthError = { ...ERROR_ANSWERS };

/** The OAuth2 server's endpoints (oidc-provider answers them; the routes hand the request over). */
export const BCF_OAUTH_ROUTES = {
  discovery: described({
    operationId: 'getBcfOAuthDiscovery',
    summary: 'The OpenID Connect discovery document of the OAuth2 server',
    tags: oauthTags,
    security: [],
    response: { 200: jsonAnswer('Issuer, endpoints, supported grants and methods'), ...oauthError },
  }),
  jwks: described({
    operationId: 'getBcfOAuthKeys',
    summary: 'The public keys of ID tokens (JWKS)',
    tags: oauthTags,
    security: [],
    response: { 200: jsonAnswer('`{keys}`'), ...oauthError },
  }),
  authorize: described({
    operationId: 'bcfOAuthAuthorize',
    summary: 'Authorization request (code flow with PKCE S256): sends the browser to the consent screen',
    tags: oauthTags,
    security: [],
    querystring: queryParams({
      client_id: 'The registered client',
      redirect_uri: 'A registered redirect URI (loopback: any port)',
      response_type: { type: 'string', enum: ['code'] },
      scope: 'openid offline_access bcf',
      state: 'Opaque client state',
      code_challenge: 'PKCE challenge',
      code_challenge_method: { type: 'string', enum: ['S256'] },
    }),
    response: { 303: redirectAnswer('To the consent interaction or back to the client'), ...oauthError },
  }),
  token: described({
    operationId: 'bcfOAuthToken',
    summary: 'Exchange a code (with its PKCE verifier) or a refresh token for tokens',
    tags: oauthTags,
    security: [],
    body: oauthForm(
      {
        grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
        code: STRING,
        redirect_uri: STRING,
        code_verifier: STRING,
        refresh_token: STRING,
        client_id: STRING,
      },
      ['grant_type'],
    ),
    response: { 200: jsonAnswer('access_token, refresh_token, expires_in, token_type'), ...oauthError },
  }),
  revoke: described({
    operationId: 'bcfOAuthRevoke',
    summary: 'Revoke an access or refresh token (RFC 7009)',
    tags: oauthTags,
    security: [],
    body: oauthForm({ token: STRING, token_type_hint: STRING, client_id: STRING }, ['token']),
    response: { 200: emptyAnswer('Revoked (or unknown)'), ...oauthError },
  }),
  userinfo: described({
    operationId: 'getBcfOAuthUserInfo',
    summary: "The token's subject (OpenID Connect userinfo)",
    tags: oauthTags,
    security: [{ bcfOAuth: ['openid'] }],
    response: { 200: jsonAnswer('`{sub}`'), ...oauthError },
  }),
  register: described({
    operationId: 'bcfOAuthRegisterClient',
    summary: 'Register a native public client (RFC 7591; limited per address)',
    tags: oauthTags,
    security: [],
    body: {
      type: 'object',
      required: ['redirect_uris'],
      additionalProperties: true,
      properties: { redirect_uris: { type: 'array', items: STRING }, client_name: STRING },
    },
    response: { 201: jsonAnswer('The client: client_id and its metadata'), ...oauthError },
  }),
  interaction: described({
    operationId: 'bcfOAuthInteraction',
    summary: "Sends the browser to the web app's consent screen",
    tags: oauthTags,
    security: [],
    params: pathParams('uid'),
    response: { 303: redirectAnswer('To /oauth/consent/{uid}'), ...oauthError },
  }),
  interactionDetails: described({
    operationId: 'getBcfOAuthInteraction',
    summary: 'The client, redirect URI and scopes of a consent interaction (the signed-in person)',
    tags: oauthTags,
    security: [{ bearer: [] }],
    params: pathParams('uid'),
    response: {
      200: jsonAnswer('The interaction', {
        properties: {
          uid: STRING,
          clientId: STRING,
          clientName: { type: 'string', nullable: true },
          redirectUri: STRING,
          scopes: { type: 'array', items: STRING },
        },
      }),
      ...oauthError,
    },
  }),
  confirm: described({
    operationId: 'confirmBcfOAuthInteraction',
    summary: 'Allow the client (the signed-in person): answers where the browser goes next',
    tags: oauthTags,
    security: [{ bearer: [] }],
    params: pathParams('uid'),
    response: { 200: jsonAnswer('`{redirectTo}`', { properties: { redirectTo: STRING } }), ...oauthError },
  }),
  abort: described({
    operationId: 'abortBcfOAuthInteraction',
    summary: 'Refuse the client: answers where the browser goes next (access_denied)',
    tags: oauthTags,
    security: [{ bearer: [] }],
    params: pathParams('uid'),
    response: { 200: jsonAnswer('`{redirectTo}`', { properties: { redirectTo: STRING } }), ...oauthError },
  }),
  listApplications: described({
    operationId: 'listConnectedApplications',
    summary: 'The applications the signed-in person allowed',
    tags: oauthTags,
    security: [{ bearer: [] }],
    response: {
      200: jsonList(
        'Applications',
        jsonAnswer('An application (bcf-oauth-grants.ts ConnectedApplication)', {
          properties: {
            clientId: STRING,
            clientName: { type: 'string', nullable: true },
            grantedAt: { type: 'string', format: 'date-time', description: 'Its oldest live grant' },
            lastUsedAt: {
              type: 'string',
              format: 'date-time',
              nullable: true,
              description: 'Its last token',
            },
          },
        }),
      ),
      ...oauthError,
    },
  }),
  revokeApplication: described({
    operationId: 'revokeConnectedApplication',
    summary: 'Revoke every grant and token of an application',
    tags: oauthTags,
    security: [{ bearer: [] }],
    params: pathParams('clientId'),
    response: { 204: emptyAnswer('Revoked'), ...oauthError },
  }),
};

/** The paths of oidc-provider documented above, relative to /bcf-oauth, with their methods. */
export const BCF_OAUTH_ENDPOINTS = [
  { method: 'GET', path: '/.well-known/openid-configuration', schema: BCF_OAUTH_ROUTES.discovery },
  { method: 'GET', path: '/jwks', schema: BCF_OAUTH_ROUTES.jwks },
  { method: 'GET', path: '/auth', schema: BCF_OAUTH_ROUTES.authorize },
  { method: 'POST', path: '/token', schema: BCF_OAUTH_ROUTES.token },
  { method: 'POST', path: '/token/revocation', schema: BCF_OAUTH_ROUTES.revoke },
  { method: 'GET', path: '/me', schema: BCF_OAUTH_ROUTES.userinfo },
] as const;
