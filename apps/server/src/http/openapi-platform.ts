import {
  BOOLEAN,
  ERROR_ANSWERS,
  INTEGER,
  STRING,
  binaryAnswer,
  described,
  emptyAnswer,
  htmlAnswer,
  jsonAnswer,
  pathParams,
  queryParams,
  redirectAnswer,
} from './openapi-schemas.ts';
import { POST_BODY } from './openapi-schemas.ts';

/**
 * The OpenAPI descriptions of the identity, health, file-transfer, notification, data-lake and export routes
 * (their handlers check their own input with the codes their clients know: see `described`).
 */

const publicRoute = { security: [] } as const;
const body = (properties: Record<string, unknown>, required: string[]) =>
  ({ type: 'object', ...(required.length > 0 ? { required } : {}), properties }) as const;
const codeDelivery = {
  type: 'object',
  properties: { deliveryMedium: { type: 'string', enum: ['EMAIL'] }, destination: STRING },
} as const;
const tokens = jsonAnswer('An access token (the refresh token is set as an http-only cookie)', {
  properties: {
    accessToken: STRING,
    expiresIn: { type: 'integer', description: 'Seconds' },
    refreshToken: { type: 'string', description: 'Only when the request asked tokenInBody' },
  },
  required: ['accessToken', 'expiresIn'],
});
const tokenInBody = { type: 'boolean', description: 'Also answer the refresh token (non-browser clients)' };

const auth = (operationId: string, summary: string, extra: Record<string, unknown>) =>
  described({ operationId, summary, tags: ['auth'], ...publicRoute, ...extra });

export const AUTH_ROUTES = {
  signUp: auth('signUp', 'Create an account; a confirmation code is e-mailed', {
    body: body(
      {
        email: STRING,
        password: STRING,
        name: { type: 'string', maxLength: 100 },
        lastName: { type: 'string', maxLength: 100 },
        localeId: { type: 'string', enum: ['en', 'es', 'pt-BR'] },
      },
      ['email', 'password', 'name', 'lastName'],
    ),
    response: {
      201: jsonAnswer('Created, not confirmed yet', {
        properties: { userConfirmed: BOOLEAN, codeDelivery },
      }),
      ...ERROR_ANSWERS,
    },
  }),
  confirmSignUp: auth('confirmSignUp', 'Confirm an account with its e-mailed code', {
    body: body({ email: STRING, code: { type: 'string', maxLength: 20 } }, ['email', 'code']),
    response: { 200: jsonAnswer('Confirmed', { properties: { userConfirmed: BOOLEAN } }), ...ERROR_ANSWERS },
  }),
  resendCode: auth('resendConfirmationCode', 'Send the confirmation code again', {
    body: body({ email: STRING }, ['email']),
    response: { 200: jsonAnswer('Sent', { properties: { codeDelivery } }), ...ERROR_ANSWERS },
  }),
  signIn: auth('signIn', 'Sign in with e-mail and password', {
    body: body({ email: STRING, password: STRING, tokenInBody }, ['email', 'password']),
    response: { 200: tokens, ...ERROR_ANSWERS },
  }),
  refresh: auth('refreshSession', 'A new access token for the refresh token (cookie, or `refreshToken`)', {
    body: body({ refreshToken: STRING, tokenInBody }, []),
    response: { 200: tokens, ...ERROR_ANSWERS },
  }),
  signOut: auth('signOut', 'Close the session of the refresh token', {
    body: body({ refreshToken: STRING }, []),
    response: { 204: emptyAnswer('Signed out'), ...ERROR_ANSWERS },
  }),
  forgotPassword: auth('forgotPassword', 'E-mail a password reset code', {
    body: body({ email: STRING }, ['email']),
    response: { 204: emptyAnswer('Sent when the account exists'), ...ERROR_ANSWERS },
  }),
  confirmForgotPassword: auth('confirmForgotPassword', 'Set a new password with the reset code', {
    body: body({ email: STRING, code: { type: 'string', maxLength: 20 }, newPassword: STRING }, [
      'email',
      'code',
      'newPassword',
    ]),
    response: { 204: emptyAnswer('Changed; every session is closed'), ...ERROR_ANSWERS },
  }),
  changePassword: described({
    operationId: 'changePassword',
    summary: "Change the signed-in person's password (a session's bearer token)",
    tags: ['auth'],
    security: [{ bearer: [] }],
    body: body({ oldPassword: STRING, newPassword: STRING }, ['oldPassword', 'newPassword']),
    response: { 204: emptyAnswer('Changed'), ...ERROR_ANSWERS },
  }),
  providers: auth('listSignInProviders', 'The federated sign-in providers configured', {
    response: {
      200: jsonAnswer('Providers', {
        properties: {
          providers: { type: 'array', items: { type: 'string', enum: ['google', 'microsoft'] } },
        },
      }),
      ...ERROR_ANSWERS,
    },
  }),
  federatedStart: auth('startFederatedSignIn', "Send the browser to the provider's sign-in", {
    params: pathParams('provider'),
    querystring: queryParams({
      redirect: 'The web route to open after signing in',
      email: 'A login hint',
    }),
    response: { 302: redirectAnswer("To the provider's authorization endpoint"), ...ERROR_ANSWERS },
  }),
  federatedCallback: auth('finishFederatedSignIn', "The provider's return (OpenID Connect callback)", {
    params: pathParams('provider'),
    querystring: queryParams({ code: 'Authorization code', state: 'State', error: 'Refusal' }),
    response: {
      302: redirectAnswer('To /process-federated-sign-in with a one-time code, or /login with the error'),
      ...ERROR_ANSWERS,
    },
  }),
  federatedExchange: auth('exchangeFederatedCode', 'Tokens for the one-time code of a federated sign-in', {
    body: body({ code: { type: 'string', maxLength: 200 }, tokenInBody }, ['code']),
    response: { 200: tokens, ...ERROR_ANSWERS },
  }),
};

export const HEALTH_ROUTES = {
  healthz: described({
    operationId: 'getHealth',
    summary: 'The process answers',
    tags: ['health'],
    ...publicRoute,
    response: { 200: jsonAnswer('Alive', { properties: { status: { type: 'string', enum: ['ok'] } } }) },
  }),
  readyz: described({
    operationId: 'getReadiness',
    summary: 'The process and its database answer',
    tags: ['health'],
    ...publicRoute,
    response: {
      200: jsonAnswer('Ready', { properties: { status: STRING, database: STRING } }),
      503: jsonAnswer('The database does not answer', {
        properties: { status: STRING, code: STRING, database: STRING },
      }),
    },
  }),
};

const signedQuery = queryParams({
  expires: 'Unix time the signature ends',
  signature: 'HMAC of method, key, expiry and limits',
});

export const FILE_TRANSFER_ROUTES = {
  download: described({
    operationId: 'downloadSignedFile',
    summary: 'A stored file by its signed address (from the local store, or redirected to the bucket)',
    tags: ['files'],
    ...publicRoute,
    params: pathParams('*'),
    querystring: { ...signedQuery, additionalProperties: true },
    response: {
      200: binaryAnswer('The bytes, with the content type the signature names', ['*/*']),
      302: redirectAnswer('To the bucket (S3)'),
      ...ERROR_ANSWERS,
    },
  }),
  upload: described({
    operationId: 'uploadSignedFile',
    summary: 'Send the bytes of a file to its signed upload address (local store; at most the signed size)',
    tags: ['files'],
    ...publicRoute,
    params: pathParams('*'),
    querystring: { ...signedQuery, additionalProperties: true },
    body: { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } },
    response: { 200: emptyAnswer('Stored'), ...ERROR_ANSWERS },
  }),
  profileImage: described({
    operationId: 'getProfileImage',
    summary: 'A profile image (project image, company logo, user photo) by its address',
    tags: ['files'],
    ...publicRoute,
    params: pathParams('name'),
    response: { 200: binaryAnswer('The WebP image', ['image/webp']), ...ERROR_ANSWERS },
  }),
};

const unsubscribeQuery = queryParams({ token: 'The signed token of the e-mail link' });
export const NOTIFICATION_ROUTES = {
  unsubscribePage: described({
    operationId: 'showUnsubscribePage',
    summary: 'The confirmation page of an e-mail unsubscribe link (changes nothing)',
    tags: ['notifications'],
    ...publicRoute,
    querystring: unsubscribeQuery,
    response: { 200: htmlAnswer('The page'), 400: htmlAnswer('The token is not valid') },
  }),
  unsubscribe: described({
    operationId: 'unsubscribe',
    summary: "Turn off the token's e-mail setting (RFC 8058 one-click)",
    tags: ['notifications'],
    ...publicRoute,
    querystring: unsubscribeQuery,
    body: {
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
          },
        },
      },
    },
    response: { 200: htmlAnswer('Done'), 400: htmlAnswer('The token is not valid') },
  }),
};

const keyOnly = [{ accessKey: [] }];
const feedQuery = {
  projectId: { type: 'integer', minimum: 1, description: 'Only this project' },
  locale: { type: 'string', description: 'Language of labels (en, es, pt-BR)' },
};
const lake = (operationId: string, summary: string, extra: Record<string, unknown>) =>
  described({ operationId, summary, tags: ['data-lake'], security: keyOnly, ...extra });

export const DATA_LAKE_ROUTES = {
  index: lake('listFeedEntities', 'The entities of the feed with their properties', {
    response: { 200: jsonAnswer('Entities and the OData root'), ...ERROR_ANSWERS },
  }),
  odataService: lake('getODataServiceDocument', 'The OData v4 service document', {
    response: { 200: jsonAnswer('Entity sets'), ...ERROR_ANSWERS },
  }),
  odataMetadata: lake('getODataMetadata', 'The OData v4 metadata (CSDL XML)', {
    response: {
      200: { description: 'CSDL', content: { 'application/xml': { schema: STRING } } },
      ...ERROR_ANSWERS,
    },
  }),
  odataSet: lake(
    'readODataEntitySet',
    'A page of an entity set, with $filter, $orderby, $select, $top, $skip',
    {
      params: pathParams('set'),
      querystring: queryParams({
        ...feedQuery,
        $filter: 'OData filter',
        $orderby: 'OData order',
        $select: 'Properties',
        $top: { type: 'integer', minimum: 0 },
        $skip: { type: 'integer', minimum: 0 },
        $skiptoken: 'Next page token',
        $count: { type: 'boolean' },
      }),
      response: { 200: jsonAnswer('`value` with `@odata.nextLink`'), ...ERROR_ANSWERS },
    },
  ),
  odataCount: lake('countODataEntitySet', 'The number of entities of a set', {
    params: pathParams('set'),
    querystring: queryParams({ ...feedQuery, $filter: 'OData filter' }),
    response: {
      200: { description: 'The count', content: { 'text/plain': { schema: INTEGER } } },
      ...ERROR_ANSWERS,
    },
  }),
  entity: lake('readFeedEntity', 'A page of one entity (REST), optionally changed since an instant', {
    params: pathParams('entity'),
    querystring: queryParams({
      ...feedQuery,
      updatedSince: { type: 'string', format: 'date-time' },
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1 },
      cursor: 'Next page cursor',
    }),
    response: { 200: jsonAnswer('Rows with the next page link'), ...ERROR_ANSWERS },
  }),
};

const exportFields = {
  projectId: { type: 'integer', minimum: 1 },
  filter: { type: 'string', description: 'The issue list filter (JSON)' },
  ids: { type: 'string', description: 'Only these issue ids (comma-separated)' },
  locale: { type: 'string', description: 'Language (en, es, pt-BR)' },
};
const reportFields = {
  ...exportFields,
  comments: { type: 'boolean', default: false },
  history: { type: 'boolean', default: false },
  images: { type: 'boolean', default: true },
};
const csvFields = { ...exportFields, separator: { type: 'string', enum: ['comma', 'semicolon'] } };
/** In a JSON body the filter may be the object itself and the ids a list (exportRequestOf reads both forms). */
const bodyFields = (fields: Record<string, unknown>) => ({
  ...fields,
  filter: {
    description: 'The issue list filter',
    anyOf: [STRING, { type: 'object', additionalProperties: true }],
  },
  ids: { description: 'Only these issue ids', anyOf: [STRING, { type: 'array', items: INTEGER }] },
});
const exported = (operationId: string, summary: string, fields: Record<string, unknown>, answer: unknown) =>
  described({
    operationId,
    summary: `${summary} (GET with a query string, or POST with a JSON body)`,
    tags: ['exports'],
    querystring: queryParams(fields as Record<string, Record<string, unknown>>),
    // Fastify refuses a body schema on GET: the POST's body is added to the document by openapi.ts.
    [POST_BODY]: { type: 'object', properties: bodyFields(fields), additionalProperties: true },
    response: { 200: answer, ...ERROR_ANSWERS },
  });

const list = (properties: Record<string, unknown>) => ({
  type: 'array',
  items: { type: 'object', properties },
});
const counts = list({ label: STRING, count: INTEGER });
/** The report as data (modules/exports/issue-report-model.ts ReportModel), every text in the report's language. */
const reportModel = {
  properties: {
    locale: STRING,
    projectId: INTEGER,
    projectName: STRING,
    generatedAt: STRING,
    generatedBy: STRING,
    labels: { type: 'object', additionalProperties: STRING, description: "The report's words, by key" },
    filters: { type: 'array', items: STRING },
    totals: { type: 'object', properties: { total: INTEGER, byStatus: counts, byPriority: counts } },
    issues: list({
      id: INTEGER,
      code: STRING,
      title: STRING,
      fields: list({ label: STRING, value: STRING }),
      description: { type: 'string', nullable: true },
      disciplines: list({ abbreviation: STRING, name: STRING, status: STRING, deadline: STRING }),
      images: list({ url: STRING, title: STRING }),
      comments: list({ author: STRING, at: STRING, visibility: STRING, message: STRING }),
      history: list({ at: STRING, author: STRING, fields: STRING }),
    }),
  },
};

export const EXPORT_ROUTES = {
  reportJson: exported(
    'issuesReportData',
    'The issues report as data',
    reportFields,
    jsonAnswer('The report', reportModel),
  ),
  reportPdf: exported(
    'issuesReportPdf',
    'The issues report as PDF',
    reportFields,
    binaryAnswer('PDF', ['application/pdf']),
  ),
  xlsx: exported(
    'issuesXlsx',
    'The issues as a spreadsheet',
    exportFields,
    binaryAnswer('XLSX', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
  ),
  csv: exported('issuesCsv', 'The issues as CSV', csvFields, binaryAnswer('CSV', ['text/csv'])),
  disciplinesCsv: exported(
    'issueDisciplinesCsv',
    'The issues with a row per discipline as CSV',
    csvFields,
    binaryAnswer('CSV', ['text/csv']),
  ),
};
