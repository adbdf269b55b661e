#!/usr/bin/env node
// Fails when the committed GraphQL generated files differ from what graphql-codegen produces now.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const files = [
  'apps/server/src/graphql/generated/resolvers-types.ts',
  'apps/web/src/gql/generated.ts',
  'apps/server/src/graphql/generated/persisted-operations.json',
  'apps/web/src/gql/persisted-operations.ts',
];
const before = files.map((f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : ''));
execFileSync('npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent'], { stdio: 'inherit' });
execFileSync('node', ['--import', 'tsx', 'scripts/persisted-operations.ts'], { stdio: 'inherit' });
const stale = files.filter((f, i) => fs.readFileSync(f, 'utf8') !== before[i]);
if (stale.length > 0) {
  console.error(`Generated GraphQL files were stale and have been regenerated: ${stale.join(', ')}.`);
  console.error('Run `npm run codegen` and commit the result.');
  process.exit(1);
}
console.log('GraphQL generated files are up to date.');
