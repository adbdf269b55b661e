export * from './conflicts.ts';
