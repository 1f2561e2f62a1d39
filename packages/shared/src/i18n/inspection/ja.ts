import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  errors: {
    INSPECTION_PREVIOUS_ERROR: '前回の点検は同じプロジェクトの別の点検で、循環しないものを選んでください',
    INSPECTION_IMAGE_GROUP_NOT_EXISTING: '画像グループが存在しません',
    INSPECTION_UPLOAD_RECORD_NOT_EXISTING: 'アップロード記録が存在しません',
    INSPECTION_IMAGE_GROUP_NAME_EXISTING: '画像グループ名「{name}」は既に存在します',
    INSPECTION_IMAGE_GROUP_HAS_IMAGES: 'グループに画像があるため削除できません',
    CAMERA_PARAM_NOT_EXISTING: 'カメラ機種が存在しません。先にカメラパラメータをインポートしてください',
  },
  validation: {
    duplicateName: '名前が重複しています',
  },
};
