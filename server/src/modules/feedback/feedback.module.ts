import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createFeedbackRepo } from './feedback.repo.js';
import { registerFeedbackRoutes } from './feedback.routes.js';
import { createFeedbackService } from './feedback.service.js';

export const feedbackModule: ModuleDefinition = {
  name: 'feedback',
  register(context) {
    const feedback = createFeedbackService({ repo: createFeedbackRepo(context.database.db) });
    context.routes((router) => registerFeedbackRoutes(router, { feedback }));
  },
};
