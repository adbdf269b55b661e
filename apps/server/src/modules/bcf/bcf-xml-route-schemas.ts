import { ERROR_ANSWERS, STRING, binaryAnswer, described, queryParams } from '../../http/openapi-schemas.ts';

/**
 * The OpenAPI descriptions of the BCF-XML routes: the import (preview or job), the export job, the jobs. They only
 * describe (`described`): the handlers check their input themselves.
 */

/** BCF-XML's routes take Obra's project id (the BCF-API's take its GUID-like string). */
const PROJECT_ID = { type: 'integer', minimum: 1 } as const;
const projectParams = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: PROJECT_ID },
} as const;
const JOB = {
  type: 'object',
  required: ['id', 'kind', 'state', 'done', 'total'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ['import', 'export'] },
    state: { type: 'string', enum: ['queued', 'running', 'completed', 'failed'] },
    fileName: STRING,
    done: { type: 'integer', description: 'Topics written or packed so far' },
    total: { type: 'integer', description: "The package's topics (0 until an export knows them)" },
    report: {
      type: 'object',
      nullable: true,
      additionalProperties: true,
      description: "Once finished: the import report (docs/bcf.md), or an export's {topics}",
    },
    error: {
      type: 'object',
      nullable: true,
      properties: { code: STRING, message: STRING },
      description: 'Why a failed job failed (a code of the error catalogue)',
    },
    url: {
      type: 'string',
      nullable: true,
      description: "A completed export's package, signed for 5 minutes",
    },
    size: {
      type: 'integer',
      nullable: true,
      description: "The stored package's bytes: an import's upload, a completed export's package",
    },
    createdAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: 'string', format: 'date-time', nullable: true },
  },
};

const INTEGER = { type: 'integer' } as const;
const valueMapping = (mappedTo: Record<string, unknown>) => ({
  type: 'array',
  items: {
    type: 'object',
    properties: {
      value: STRING,
      topics: INTEGER,
      mappedTo,
      match: { type: 'string', enum: ['exact', 'synonym', 'chosen', 'default', 'none'] },
    },
  },
});
const NULLABLE_ID = { type: 'integer', nullable: true } as const;
/** The preview (dryRun) and the result of an import (bcf-import-plan.ts BcfImportReport). */
const IMPORT_REPORT = {
  type: 'object',
  properties: {
    dryRun: { type: 'boolean' },
    version: STRING,
    topics: INTEGER,
    created: INTEGER,
    updated: INTEGER,
    failed: INTEGER,
    fromObra: { type: 'boolean', description: 'Whether the package was written by Obra' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['guid', 'title', 'action', 'comments', 'viewpoints', 'snapshots', 'warnings'],
        properties: {
          guid: STRING,
          title: STRING,
          action: { type: 'string', enum: ['create', 'update', 'failed'] },
          issueId: INTEGER,
          code: STRING,
          error: { type: 'object', properties: { code: STRING, message: STRING } },
          comments: INTEGER,
          viewpoints: INTEGER,
          snapshots: INTEGER,
          warnings: { type: 'array', items: STRING },
        },
      },
    },
    mapping: {
      type: 'object',
      properties: {
        types: valueMapping(NULLABLE_ID),
        statuses: valueMapping(STRING),
        priorities: valueMapping(STRING),
        stages: valueMapping(NULLABLE_ID),
        labels: valueMapping(NULLABLE_ID),
        users: valueMapping(NULLABLE_ID),
        disciplineIds: { type: 'array', items: INTEGER },
      },
    },
    unreadable: { type: 'array', items: { type: 'object', properties: { folder: STRING, reason: STRING } } },
  },
};

export const BCF_XML_ROUTES = {
  startImport: described({
    operationId: 'importBcfXml',
    summary: 'Preview a BCF-XML package (2.0, 2.1 or 3.0), or import it into the project in a job',
    tags: ['bcf-xml'],
    params: projectParams,
    querystring: queryParams({ dryRun: { type: 'boolean', description: 'Only the preview' } }),
    body: {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              file: { type: 'string', format: 'binary', description: 'The .bcf / .bcfzip package' },
              mapping: { type: 'string', description: 'JSON: values of the package mapped to the project' },
            },
          },
        },
      },
    },
    response: {
      200: {
        description:
          'The preview (dry run); or the unfinished job of the same package sent again by the same person',
        anyOf: [IMPORT_REPORT, JOB],
      },
      202: { ...JOB, description: 'The import job (Location: its address), queued' },
      ...ERROR_ANSWERS,
    },
  }),
  startExport: described({
    operationId: 'startBcfXmlExport',
    summary:
      "Export the project's issues as a BCF-XML package in a job (the whole list, a filter or a selection)",
    tags: ['bcf-xml'],
    params: projectParams,
    body: {
      type: 'object',
      properties: {
        version: { type: 'string', enum: ['2.1', '3.0'] },
        filter: { type: 'object', additionalProperties: true, description: 'The issue list filter' },
        ids: { type: 'array', items: { type: 'integer' }, description: 'Only these issues' },
      },
    },
    response: {
      202: { ...JOB, description: 'The export job (Location: its address), queued' },
      ...ERROR_ANSWERS,
    },
  }),
  job: described({
    operationId: 'getBcfXmlJob',
    summary:
      "An import or export job of the caller: its progress, then the import's report or the package's address",
    tags: ['bcf-xml'],
    params: {
      type: 'object',
      required: ['projectId', 'jobId'],
      properties: { projectId: PROJECT_ID, jobId: { type: 'string', format: 'uuid' } },
    },
    response: { 200: { ...JOB, description: 'The job' }, ...ERROR_ANSWERS },
  }),
  export: described({
    operationId: 'exportBcfXml',
    summary: "The project's issues as a BCF-XML package, downloaded at once (a selection or a short list)",
    tags: ['bcf-xml'],
    params: projectParams,
    querystring: queryParams({
      version: { type: 'string', enum: ['2.1', '3.0'] },
      filter: 'The issue list filter (JSON)',
      ids: 'Only these issue ids (comma-separated)',
    }),
    response: { 200: binaryAnswer('The package (X-BCF-Topics: the number of topics)'), ...ERROR_ANSWERS },
  }),
};
