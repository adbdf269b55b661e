export * from './alignment.ts';
export * from './overlay-colours.ts';
export * from './dividers.ts';
export * from './sheet-pins.ts';
export * from './compare-documents-param.ts';
export * from './viewer-markup.ts';
