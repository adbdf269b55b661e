#!/usr/bin/env node
// Fails when the committed generated files differ from what the generators produce now: the GraphQL types and
// persisted operations (graphql-codegen), and the web's REST types (openapi-typescript over docs/openapi.json).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const files = [
  'apps/server/src/graphql/generated/resolvers-types.ts',
  'apps/web/src/gql/generated.ts',
  'apps/server/src/graphql/generated/persisted-operations.json',
  'apps/web/src/gql/persisted-operations.ts',
  'apps/web/src/lib/api/generated/openapi.ts',
];
const before = files.map((f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : ''));
execFileSync('npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent'], { stdio: 'inherit' });
execFileSync('node', ['--import', 'tsx', 'scripts/persisted-operations.ts'], { stdio: 'inherit' });
execFileSync('node', ['scripts/openapi-types.mjs'], { stdio: 'inherit' });
const stale = files.filter((f, i) => fs.readFileSync(f, 'utf8') !== before[i]);
if (stale.length > 0) {
  console.error(`Generated files were stale and have been regenerated: ${stale.join(', ')}.`);
  console.error('Run `npm run codegen` and commit the result.');
  process.exit(1);
}
console.log('Generated GraphQL and REST files are up to date.');
