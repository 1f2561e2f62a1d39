import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDictionaryRepo } from './dictionary.repo.js';
import { registerDictionaryRoutes } from './dictionary.routes.js';
import { createDictionaryService } from './dictionary.service.js';

export const dictionaryModule: ModuleDefinition = {
  name: 'dictionary',
  register(context) {
    const dictionary = createDictionaryService({ repo: createDictionaryRepo(context.database.db) });
    context.routes((router) => registerDictionaryRoutes(router, { dictionary }));
  },
};
