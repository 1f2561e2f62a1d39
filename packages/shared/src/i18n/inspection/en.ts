import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  errors: {
    INSPECTION_PREVIOUS_ERROR:
      'The previous inspection must be another inspection of the same project and must not form a loop',
    INSPECTION_IMAGE_GROUP_NOT_EXISTING: 'The image group does not exist',
    INSPECTION_UPLOAD_RECORD_NOT_EXISTING: 'The upload record does not exist',
    INSPECTION_IMAGE_GROUP_NAME_EXISTING: 'An image group named "{name}" already exists',
    INSPECTION_IMAGE_GROUP_HAS_IMAGES: 'The group contains images and cannot be deleted',
    CAMERA_PARAM_NOT_EXISTING: 'Unknown camera model; import the camera parameters first',
  },
  validation: {
    duplicateName: 'This name is used twice',
  },
};
