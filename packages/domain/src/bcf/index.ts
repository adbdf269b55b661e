export * from './bcf-model.ts';
export * from './bcf-mapping.ts';
