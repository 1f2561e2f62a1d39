import 'i18next';
import type { Catalogue } from '@sightline/shared';

// Keys are typed from the zh-CN catalogue: a t('ui.unknown') fails the build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}
