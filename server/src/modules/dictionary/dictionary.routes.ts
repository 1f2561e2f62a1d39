import { DICTIONARY_CATEGORIES, dictionaryCalls, dictionaryOptionCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { DictionaryService } from './dictionary.service.js';

export function registerDictionaryRoutes(router: Router, deps: { dictionary: DictionaryService }): void {
  const { dictionary } = deps;

  // The registration form's dropdowns, shown before anyone signs in.
  for (const category of DICTIONARY_CATEGORIES) {
    router.public({
      call: dictionaryOptionCalls[category],
      summary: `Options of "${category}"; display names are the i18n keys dictionary.${category}.<key>`,
      tags: ['dictionary'],
      handler: () => dictionary.options(category),
    });
  }

  router.user({
    call: dictionaryCalls.checkLimit,
    summary: 'Whether the current team has room for one more member or for `size` more bytes',
    tags: ['limit'],
    permission: 'team:view',
    handler: ({ auth, body }) => dictionary.checkLimit(auth, body),
  });
}
