import { z } from 'zod';
import {
  DICTIONARY_CATEGORIES,
  dictionaryItemSchema,
  limitCheckBodySchema,
  limitCheckResultSchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { DictionaryService } from './dictionary.service.js';

export function registerDictionaryRoutes(router: Router, deps: { dictionary: DictionaryService }): void {
  const { dictionary } = deps;

  // The registration form's dropdowns, shown before anyone signs in.
  for (const category of DICTIONARY_CATEGORIES) {
    router.public({
      method: 'GET',
      url: `/api/dictionary-data/${category}`,
      summary: `Options of "${category}"; display names are the i18n keys dictionary.${category}.<key>`,
      tags: ['dictionary'],
      response: z.array(dictionaryItemSchema),
      handler: () => dictionary.options(category),
    });
  }

  router.user({
    method: 'POST',
    url: '/api/limit/check',
    summary: 'Whether the current team has room for one more member or for `size` more bytes',
    tags: ['limit'],
    permission: 'team:view',
    body: limitCheckBodySchema,
    response: limitCheckResultSchema,
    handler: ({ auth, body }) => dictionary.checkLimit(auth, body),
  });
}
