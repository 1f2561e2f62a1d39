import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  errors: {
    INSPECTION_IMAGE_NAME_EXISTING: 'The inspection already has an image named "{name}"',
    INSPECTION_IMAGE_DECODE_ERROR: 'The image is damaged or incomplete; no thumbnail could be made',
  },
};
