import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/http/openapi-document.ts';

const committed = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');

describe('OpenAPI document', () => {
  it('the committed docs/openapi.json is what the routes describe now (run `npm run openapi` when this fails)', async () => {
    const current = JSON.parse(JSON.stringify(await buildOpenApiDocument())) as unknown;
    expect(JSON.parse(fs.readFileSync(committed, 'utf8'))).toEqual(current);
  });

  it('lists every drive call of the spec with its methods', async () => {
    const document = (await buildOpenApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    // The drive's calls (the document also holds other areas' REST routes, e.g. the BIM models).
    const drivePaths = Object.entries(document.paths).filter(([p]) => p.startsWith('/project-drive/'));
    const calls = drivePaths.flatMap(([p, methods]) =>
      Object.keys(methods).map(
        (m) => `${m.toUpperCase()} ${p.replace('/project-drive/projects/{projectId}', '')}`,
      ),
    );
    expect(calls.sort()).toEqual(
      [
        'GET /files',
        'GET /files/filtering-data',
        'GET /files/{fileId}/download-url',
        'POST /files/bulk-downloads',
        'GET /files/bulk-downloads/{bulkDownloadId}',
        'GET /user-authorization',
        'POST /files',
        'PATCH /files/{fileId}/confirm-upload',
        'PATCH /files/{fileId}/status',
        'PATCH /files/{fileId}/visibility',
        'DELETE /files/{fileId}',
        'GET /files/{fileId}',
        'POST /files/bulk-update',
        'POST /files/bulk-delete',
        // The document viewer's calls (issue 15, docs/viewer.md).
        'POST /viewer/documents',
        'GET /viewer/documents/{documentId}/pins',
        'GET /viewer/alignments',
        'PUT /viewer/alignments',
        'DELETE /viewer/alignments',
        'GET /viewer/documents/{documentId}/markups',
        'POST /viewer/documents/{documentId}/markups',
        'PUT /viewer/documents/{documentId}/markups/{markupId}',
        'DELETE /viewer/documents/{documentId}/markups/{markupId}',
      ].sort(),
    );
  });

  it('lists every project files call (the files module, under /project-files)', async () => {
    const document = (await buildOpenApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(document.paths)
      .filter(([p]) => p.startsWith('/project-files/'))
      .flatMap(([p, methods]) =>
        Object.keys(methods).map(
          (m) => `${m.toUpperCase()} ${p.replace('/project-files/projects/{projectId}', '')}`,
        ),
      );
    expect(calls.sort()).toEqual(
      [
        'GET /files',
        'GET /files/{fileId}',
        'GET /files/{fileId}/download-url',
        'POST /files',
        'PATCH /files/{fileId}/confirm-upload',
        'DELETE /files/{fileId}',
        'DELETE /files/{fileId}/versions',
        'POST /files/bulk-downloads',
        'GET /files/bulk-downloads/{bulkDownloadId}',
        'GET /user-authorization',
      ].sort(),
    );
  });

  it('docs/api-drive.md names every drive and project files call, query parameter and body field of the OpenAPI document', async () => {
    const whole = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/api-drive.md'), 'utf8');
    // The project files' calls share their short names with the drive's: they must be named in their own section.
    const filesSection = whole.slice(whole.indexOf('## Project files (`files`) and the drive'));
    expect(filesSection.length).toBeLessThan(whole.length);
    const document = (await buildOpenApiDocument()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    const missing: string[] = [];
    for (const [p, methods] of Object.entries(document.paths)) {
      const prefix = ['/project-drive/projects/{projectId}', '/project-files/projects/{projectId}'].find(
        (x) => p.startsWith(x),
      );
      if (!prefix) continue;
      const doc = prefix.startsWith('/project-files') ? filesSection : whole;
      const route = p.replace(prefix, '');
      for (const [method, operation] of Object.entries(methods)) {
        const call = `${method.toUpperCase()} ${route}`;
        if (!doc.includes(`\`${call}\``)) missing.push(`${prefix.split('/')[1]}: ${call}`);
        const names = [
          ...(operation.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name),
          ...Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {}),
        ];
        for (const name of names) if (!new RegExp(`\\b${name}\\b`).test(doc)) missing.push(`${call} ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
