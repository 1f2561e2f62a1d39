import { z } from 'zod';
import { idParam } from '../schemas/fields.js';

/** The params of a path ending in `{id}`, the commonest path parameter. */
export const idParams = z.object({ id: idParam });
