/** Historical defect matching and defect evolution (web/src/features/defect-history). */
export const zhCN = {
  errors: {
    HISTORY_NO_PREVIOUS_INSPECTION: '该巡检未设置上次巡检，无法进行历史病害匹配',
    HISTORY_MATCHING_ING: '历史病害匹配正在进行，请稍后再试',
    HISTORY_DISEASE_BIND_ERROR: '只能绑定上次巡检中形状相符的病害',
    HISTORY_DISEASE_BOUND: '该历史病害已绑定到本次巡检的其他病害',
  },
};
