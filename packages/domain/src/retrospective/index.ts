export * from './retrospective.ts';
