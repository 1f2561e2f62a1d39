export * from './content-type.js';
export * from './photo-metadata-schema.js';
export * from './photo-metadata.js';
export * from './photo-pose.js';
export * from './match.js';
export * from './pose-export/parse-pose-export.js';
export * from './pose-export/types.js';
