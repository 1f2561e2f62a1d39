import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  errors: {
    INSPECTION_IMAGE_NAME_EXISTING: '点検には同じ名前の画像「{name}」が既にあります',
    INSPECTION_IMAGE_DECODE_ERROR: '画像が破損しているか不完全なため、サムネイルを作成できません',
  },
};
