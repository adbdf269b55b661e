export * from './smart-flow-rules.ts';
