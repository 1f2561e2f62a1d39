import { CATALOGUES, LANGUAGES, type ProjectGroup } from '@sightline/shared';
import { translate } from '../../i18n';

const DEFAULT_NAMES = new Set(LANGUAGES.map((language) => CATALOGUES[language].projectGroup.default));

/**
 * A group's name as shown: the default group keeps the name it was given in whichever language first asked
 * for it, so while it still has one of those names it reads in the interface language; a renamed one as named.
 */
export function groupLabel(group: Pick<ProjectGroup, 'name' | 'isDefault'>): string {
  return group.isDefault && DEFAULT_NAMES.has(group.name) ? translate('projectGroup.default') : group.name;
}
