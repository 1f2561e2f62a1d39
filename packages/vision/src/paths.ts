/** Where the package and the repository are on disk: the model folder, tool outputs and docs are found from here. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** packages/vision/src -> repo root */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');
export const VISION_ROOT = path.resolve(here, '..');
