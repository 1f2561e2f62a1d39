import type { TFunction } from 'i18next';
import type { AiDetector } from '@sightline/shared';

/** What found an AI result, as a reviewer reads it: the learned model's name, or the built-in detector. */
export function detectorLabel(t: TFunction, detector: AiDetector): string {
  if (detector.modelId === null) return t('aiUi.models.builtin');
  // A deleted model's defects keep its id: said so rather than passed off as the built-in detector.
  return detector.name ?? t('aiUi.deletedModel', { id: detector.modelId });
}

/** The detectors as a data attribute for tests and tools: model ids, `builtin` for the built-in detector. */
export const detectorIds = (detectors: readonly AiDetector[]) =>
  detectors.map((detector) => detector.modelId ?? 'builtin').join(',');
