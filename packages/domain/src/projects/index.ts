export * from './naming-rule.ts';
export * from './project-tree.ts';
export * from './project-modules.ts';
export * from './outline-import.ts';
