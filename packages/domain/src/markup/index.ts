export * from './markup-types.ts';
export * from './markup-schema.ts';
export type { LegacyFamily } from './markup-migration.ts';
