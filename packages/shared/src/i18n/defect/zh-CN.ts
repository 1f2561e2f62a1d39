/** Texts of the defect domain: its error keys and its shape rule. */
export const zhCN = {
  errors: {
    DISEASE_TYPE_NOT_EXISTING: '病害类型不存在',
    DISEASE_FIELD_VALUE_ERROR: '自定义字段的值无效',
  },
  validation: {
    defectShapePoints: '折线至少需要 2 个点，多边形和矩形至少需要 3 个点',
  },
} as const;
