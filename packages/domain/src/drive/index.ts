export * from './document-policy.ts';
export * from './document-naming.ts';
export * from './document-content.ts';
export * from './project-files-policy.ts';
export * from './drive-trial.ts';
