/** Inspections, image groups and camera parameters (server module inspection). */
export const zhCN = {
  errors: {
    INSPECTION_PREVIOUS_ERROR: '上次巡检须为同一项目中的其他巡检，且不能形成循环',
    INSPECTION_IMAGE_GROUP_NOT_EXISTING: '图片分组不存在',
    INSPECTION_UPLOAD_RECORD_NOT_EXISTING: '上传记录不存在',
    INSPECTION_IMAGE_GROUP_NAME_EXISTING: '图片分组名称“{name}”已存在',
    INSPECTION_IMAGE_GROUP_HAS_IMAGES: '分组下存在图片，不能删除',
    CAMERA_PARAM_NOT_EXISTING: '相机型号不存在，请先导入相机参数',
  },
  validation: {
    duplicateName: '名称重复',
  },
};
