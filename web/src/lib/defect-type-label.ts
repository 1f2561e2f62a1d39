import type { DefectType } from '@sightline/shared';
import { hasTranslation, translate } from '../i18n';

/** A defect type's name in the interface language: built-in ones by their code. */
export function defectTypeLabel(type: Pick<DefectType, 'name' | 'nameKey' | 'code'>): string {
  const key = type.nameKey ?? (type.code ? `diseaseType.${type.code}` : null);
  return key && hasTranslation(key) ? translate(key) : type.name;
}
