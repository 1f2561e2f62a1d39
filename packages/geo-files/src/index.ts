export { parseVectorFile, type ParsedLocationFile, type VectorFileFormat } from './parse-vector-file.js';
export type { LocationFile, LocationKind } from './normalize.js';
export { VectorFileError, isVectorFileError, type VectorFileErrorReason } from './vector-file-error.js';
