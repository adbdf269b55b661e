export * from './project-roles.ts';
export * from './permissions.ts';
