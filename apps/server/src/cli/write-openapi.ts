// Writes docs/openapi.json from the routes' own schemas (npm run openapi), formatted as Prettier keeps it.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { buildOpenApiDocument } from '../http/openapi-document.ts';

const target = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
const text = JSON.stringify(await buildOpenApiDocument(), null, 2);
const options = (await prettier.resolveConfig(target)) ?? {};
fs.writeFileSync(target, await prettier.format(text, { ...options, parser: 'json', filepath: target }));
console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);
