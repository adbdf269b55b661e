/**
 * The error-code catalogue of both specification documents (core §8, editor §8.2), plus the few codes
 * Obra adds for transport-level failures. Every failure a user can cause carries one of these codes.
 */
export const ERROR_CODES = [
  // Sign-in and identity (editor §8.2, core §8)
  'NotAuthorizedException',
  'UsernameExistsException',
  'ExpiredCodeException',
  'CodeMismatchException',
  'UserLambdaValidationException',
  'userAlreadyConfirmed',
  'UNEXPECTED',
  'NOT_ACCEPTED_POLICIES',
  'POLICIES_NOT_ACCEPTED',
  'UNAUTHENTICATED',
  'INVALID_PASSWORD',
  'TOO_MANY_REQUESTS',
  'FEDERATED_EMAIL_MISMATCH',
  // General
  'UNAUTHORIZED',
  'FORBIDDEN',
  'REQUIRED_FIELD',
  'NOT_FOUND',
  'INVALID_ACTION',
  'FAILED_TO_FETCH',
  'FORBIDDEN_DEMO_MODE',
  'NOTIFICATION_PERMISSION_BLOCKED',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'BAD_USER_INPUT',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  // Obra's: what a GraphQL request error is about (extensions.reason; graphql-js words them in English)
  'GRAPHQL_UNKNOWN_FIELD',
  'GRAPHQL_UNKNOWN_ARGUMENT',
  'GRAPHQL_MISSING_ARGUMENT',
  'GRAPHQL_MISSING_VARIABLE',
  'GRAPHQL_INVALID_VALUE',
  'GRAPHQL_INVALID_SELECTION',
  'GRAPHQL_LIMIT_EXCEEDED',
  // Obra's: a text longer than its limit (TEXT_LIMITS; details: field, max)
  'TEXT_TOO_LONG',
  // Company, team, project and invites
  'EXISTING_COMPANY',
  'DUPLICATED_COMPANY_NAME',
  'EXISTING_TEAM',
  'COMPANY_IS_NOT_ACTIVE',
  'COMPANY_NOT_FOUND',
  'PROJECT_NOT_FOUND',
  'FORBIDDEN_PROJECT_NOT_ACTIVE',
  'PROJECT_LIMIT_REACHED',
  // Obra's: the company's drive trial ended (editor §9: 30 days); the drive stays readable
  'DRIVE_TRIAL_ENDED',
  'PROJECT_NOT_INTEGRATED',
  'PROJECT_ALREADY_INTEGRATED',
  'CCODE_PROJECT_ALREADY_INTEGRATED',
  'CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED',
  // Partner document platform (issue 32; editor §8.1 'Partner integration'; Obra's names, docs/integrations.md)
  'INTEGRATION_EMAIL_NOT_REGISTERED',
  'INTEGRATION_PROJECT_HAS_NO_BIM',
  'INTEGRATION_NOT_CONNECTED',
  'INTEGRATION_NOT_CONFIGURED',
  'INTEGRATION_NOT_SUPPORTED',
  'INTEGRATION_LOGIN_FAILED',
  'INTEGRATION_PLATFORM_UNAVAILABLE',
  'INTEGRATION_PLATFORM_ERROR',
  'CCODE_USER_LOGIN_ERROR',
  'INVITE_NOT_FOUND',
  'ALREADY_INVITED',
  'ALREADY_IN_ANOTHER_COMPANY',
  'ALREADY_IN_THIS_COMPANY',
  'USER_ALREADY_PARTICIPATES_COMPANY',
  'USER_UPDATE_ERROR',
  'USER_UPLOAD_ERROR',
  // Groups and issues
  'PROJECT_GROUP_NOT_FOUND',
  'ADMIN_CANT_LEAVE_PROJECT_GROUP',
  'GROUP_HAS_ISSUES',
  'MISSING_RESOLUTION_PHASE',
  'INSERT_PIN_LOCATION',
  'DUPLICATED_DISCIPLINES',
  'ISSUE_MUST_HAVE_DISCIPLINES',
  'DISCIPLINE_STATUS_MUST_KEEP_ISSUE_NOT_ACTIVE',
  'DISCIPLINE_STATUS_MUST_KEEP_ISSUE_ACTIVE',
  'INVALID_NOTIFICATION_TYPE',
  // Files and documents
  'FILE_SIZE_LIMIT_EXCEEDED',
  'FILE_EXTENSION_NOT_ALLOWED',
  'SELECT_FILE',
  'GET_DOCUMENT_DATA_ERROR',
  'DOCUMENTS_NOT_FOUND',
  'DOCUMENTS_WITH_ERROR',
  'DOCUMENTS_PROCESSING_ERROR',
  'FEDERATED_MODEL_ALREADY_EXISTS',
  // 3D model service (the spec names the areas, not the codes; these are Obra's names)
  'FORGE_AUTH_ERROR',
  'FORGE_UPLOAD_ERROR',
  'FORGE_TRANSLATE_ERROR',
  'FORGE_STATUS_ERROR',
  'FORGE_OBJECTS_ERROR',
  'FORGE_BUCKET_ERROR',
  'FORGE_THUMBNAIL_ERROR',
  'FORGE_SIGNED_URL_ERROR',
  // Chat
  'CHAT_TOO_LONG',
  'MESSAGE_NOT_COMPLIANT',
  'CONTENT_MUST_BE_NON_EMPTY_STRING',
  // AI assistant (issue 31): the catalogue's 'Oops!' answer to a provider error or time-out, no model configured,
  // the AI disclaimer not yet accepted, the person's assistant turned off (why a smart flow digest had no summary)
  'AI_TROUBLE_RESPONDING',
  'AI_NOT_CONFIGURED',
  'AI_DISCLAIMER_NOT_ACCEPTED',
  'AI_ASSISTANT_OFF',
  // Smart Docs and limits (issue 31; editor §8.2's smart-assistant messages): a source the caller may not see or
  // that was deleted, a source without text, a company's monthly AI tokens used up (Obra's name)
  'DOCUMENT_NOT_FOUND',
  'UNABLE_TO_PROCESS_DOCUMENT',
  'AI_TOKEN_BUDGET_EXCEEDED',
  // BCF (issue 16): a package that is not a readable BCF-XML archive, or of a version Obra does not read
  'BCF_INVALID_PACKAGE',
  'BCF_UNSUPPORTED_VERSION',
  // BCF import (issue 30): a package above the bounds read from its central directory before anything else
  // (details: what — entries, topics or bytes — limit, found), and an import or export job the caller cannot see
  'BCF_PACKAGE_TOO_LARGE',
  'BCF_JOB_NOT_FOUND',
  // Project drive (editor §5.5 document messages, §6; Obra's names; details: reason, field, value)
  'DOCUMENT_NAME_INVALID',
  'DOCUMENT_ALREADY_EXISTS',
  'DOCUMENT_PERMISSION_DENIED',
  'DOCUMENT_DELETE_FORBIDDEN',
  'DOCUMENT_UPLOAD_INCOMPLETE',
  // Document viewer (issue 15; editor §8.1 "You do not have access to this document"; details: documentId)
  'DOCUMENT_ACCESS_DENIED',
  // Saved views of the issue list (issue 21)
  'SAVED_VIEW_NOT_FOUND',
  'SAVED_VIEW_NAME_TAKEN',
  'SAVED_VIEW_LIMIT_REACHED',
  // BCF-API (issue 16): a viewpoint a comment refers to is not deleted (BCF-API 3.0 §3.5.9, 409)
  'BCF_VIEWPOINT_IN_USE',
  // Smart flow (issue 31 item 6; docs/smart-flow.md): a rule the caller does not own or that is gone, the per-person
  // limit, and words the assistant could not turn into a rule
  'SMART_FLOW_RULE_NOT_FOUND',
  'SMART_FLOW_RULE_LIMIT_REACHED',
  'SMART_FLOW_NOT_UNDERSTOOD',
  // BIM plugin sessions (issue 32 item 2; docs/plugins.md): a session that does not exist or is another person's,
  // and one that expired or that the plugin ended
  'PLUGIN_SESSION_NOT_FOUND',
  'PLUGIN_SESSION_EXPIRED',
] as const;

/** One code of the catalogue. */
export type ErrorCode = (typeof ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** True when a string is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

/** The HTTP status a REST endpoint answers with for each code. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'UNAUTHENTICATED':
    case 'NotAuthorizedException':
      return 401;
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
    case 'FORBIDDEN_DEMO_MODE':
    case 'FORBIDDEN_PROJECT_NOT_ACTIVE':
    case 'PROJECT_LIMIT_REACHED':
    case 'DRIVE_TRIAL_ENDED':
    case 'NOT_ACCEPTED_POLICIES':
    case 'POLICIES_NOT_ACCEPTED':
    case 'COMPANY_IS_NOT_ACTIVE':
    case 'ADMIN_CANT_LEAVE_PROJECT_GROUP':
    case 'CCODE_CREATE_PROJECT_INTEGRATION_NOT_ALLOWED':
    case 'DOCUMENT_PERMISSION_DENIED':
    case 'DOCUMENT_DELETE_FORBIDDEN':
    case 'DOCUMENT_ACCESS_DENIED':
    case 'AI_ASSISTANT_OFF':
      return 403;
    case 'NOT_FOUND':
    case 'COMPANY_NOT_FOUND':
    case 'PROJECT_NOT_FOUND':
    case 'INVITE_NOT_FOUND':
    case 'PROJECT_GROUP_NOT_FOUND':
    case 'DOCUMENTS_NOT_FOUND':
    case 'DOCUMENT_NOT_FOUND':
    case 'SAVED_VIEW_NOT_FOUND':
    case 'BCF_JOB_NOT_FOUND':
    case 'SMART_FLOW_RULE_NOT_FOUND':
    case 'PLUGIN_SESSION_NOT_FOUND':
      return 404;
    case 'PLUGIN_SESSION_EXPIRED':
      return 410;
    case 'UsernameExistsException':
    case 'EXISTING_COMPANY':
    case 'DUPLICATED_COMPANY_NAME':
    case 'EXISTING_TEAM':
    case 'ALREADY_INVITED':
    case 'ALREADY_IN_ANOTHER_COMPANY':
    case 'ALREADY_IN_THIS_COMPANY':
    case 'USER_ALREADY_PARTICIPATES_COMPANY':
    case 'PROJECT_ALREADY_INTEGRATED':
    case 'CCODE_PROJECT_ALREADY_INTEGRATED':
    case 'INTEGRATION_NOT_CONNECTED':
    case 'FEDERATED_MODEL_ALREADY_EXISTS':
    case 'GROUP_HAS_ISSUES':
    case 'DOCUMENT_ALREADY_EXISTS':
    case 'DOCUMENT_UPLOAD_INCOMPLETE':
    case 'SAVED_VIEW_NAME_TAKEN':
    case 'BCF_VIEWPOINT_IN_USE':
      return 409;
    case 'FILE_SIZE_LIMIT_EXCEEDED':
    case 'BCF_PACKAGE_TOO_LARGE':
      return 413;
    case 'TOO_MANY_REQUESTS':
    case 'AI_TOKEN_BUDGET_EXCEEDED':
      return 429;
    case 'INTERNAL_SERVER_ERROR':
    case 'UNEXPECTED':
    case 'USER_UPDATE_ERROR':
    case 'USER_UPLOAD_ERROR':
    case 'GET_DOCUMENT_DATA_ERROR':
    case 'DOCUMENTS_PROCESSING_ERROR':
    case 'FORGE_AUTH_ERROR':
    case 'FORGE_UPLOAD_ERROR':
    case 'FORGE_TRANSLATE_ERROR':
    case 'FORGE_STATUS_ERROR':
    case 'FORGE_OBJECTS_ERROR':
    case 'FORGE_BUCKET_ERROR':
    case 'FORGE_THUMBNAIL_ERROR':
    case 'FORGE_SIGNED_URL_ERROR':
    case 'CCODE_USER_LOGIN_ERROR':
      return 500;
    case 'SERVICE_UNAVAILABLE':
      return 503;
    // A partner platform that is down or answers badly: 502, not 503 (the web app reads 503 as Obra's own
    // maintenance and leaves the page).
    case 'INTEGRATION_PLATFORM_UNAVAILABLE':
    case 'INTEGRATION_PLATFORM_ERROR':
      return 502;
    default:
      return 400;
  }
}
