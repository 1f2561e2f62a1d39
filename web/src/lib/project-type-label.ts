import { hasTranslation, translate } from '../i18n';

/**
 * A project type's name in the interface language: built-in types by their code (`projectType.<code>`),
 * a team's own types by the name the team gave them.
 */
export function projectTypeLabel(type: {
  code?: string | null;
  typeCode?: string | null;
  name?: string;
  typeName?: string;
}): string {
  const code = type.code ?? type.typeCode ?? null;
  const key = code ? `projectType.${code}` : null;
  if (key && hasTranslation(key)) return translate(key);
  return type.name ?? type.typeName ?? '';
}
