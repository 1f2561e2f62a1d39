/** Photos of an inspection (server module inspection, photo ingest). */
export const zhCN = {
  errors: {
    INSPECTION_IMAGE_NAME_EXISTING: '巡检中已有同名图片“{name}”',
    INSPECTION_IMAGE_DECODE_ERROR: '图片已损坏或不完整，无法生成缩略图',
  },
};
