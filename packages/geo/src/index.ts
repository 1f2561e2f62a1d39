export * from './coordinates.js';
export * from './measure.js';
export { parseVectorFile, type ParsedLocationFile, type VectorFileFormat } from './vector/parse-vector-file.js';
export type { LocationFile, LocationKind } from './vector/normalize.js';
export { VectorFileError, isVectorFileError, type VectorFileErrorReason } from './vector/vector-file-error.js';
