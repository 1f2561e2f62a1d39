export * from './types.js';
export {
  VisionError,
  VISION_ERROR_KEYS,
  isVisionError,
  type VisionErrorKey,
  type VisionErrorReason,
} from './errors.js';
export { BuiltinDetector, BUILTIN_CRACK_THRESHOLD, type BuiltinOptions } from './builtin.js';
export { OnnxDetector, readModelMeta, type ModelMeta, type OnnxDetectorConfig } from './onnx.js';
export { RemoteDetector, type RemoteDetectorConfig } from './remote.js';
export { evaluateDetector, listPairs, type EvalPair, type EvalRow } from './evaluate.js';
export {
  availableDetectors,
  createDefaultDetector,
  configFromEnv,
  DEFAULT_MODEL_PATH,
  type VisionConfig,
} from './registry.js';
export { loadRgb, MAX_PIXELS } from './image.js';
export { renderOverlay, overlaySvg } from './overlay.js';
export { planTiles, stitchTile, type Tile } from './tiling.js';
export { decodeRle, encodeRle } from './extract.js';
export {
  blurGray,
  clampRect,
  cropGray,
  detectArucoMarkers,
  growRect,
  locateArucoTarget,
  locateCircle,
  locatePatch,
  placeSprite,
  renderArucoMarker,
  type ArucoDictionary,
  type ArucoMarker,
  type GrayImage,
  type PixelRect,
  type TargetFix,
} from './targets.js';
export {
  DEFAULT_STROKE_PX,
  defectMaskPixels,
  rasterizeDefectMask,
  TRAINING_SET_FORMAT,
  writeTrainingSet,
  type DefectMaskShape,
  type MaskSpec,
  type TrainingSample,
  type TrainingSetManifest,
  type TrainingSetOptions,
} from './trainingSet.js';
export {
  trainSmallSegmenter,
  type SmallSegmenterMetrics,
  type SmallSegmenterOptions,
  type SmallSegmenterResult,
} from './train/smallSegmenter.js';
export { syntheticTrainingSamples } from './train/syntheticSet.js';
export { DISC_CARD_PX, DISC_RADIUS_PX, markerPhoto, type MarkerPhotoOptions } from './target-photos.js';
