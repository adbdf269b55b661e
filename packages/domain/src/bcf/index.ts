export * from './bcf-model.ts';
export * from './bcf-mapping.ts';
export * from './bcf-odata.ts';
