export * from './field-problems.ts';
export * from './text-limits.ts';
