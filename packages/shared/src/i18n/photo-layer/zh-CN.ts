/** Photos' positions and frustums in the 3D view (web/src/features/project-view/components/PhotoLayerControl.tsx). */
export const zhCN = {
  photoLayer: {
    toggle: '照片位置与视锥',
    inspection: '巡检',
    chooseInspection: '选择巡检',
    noInspections: '该项目还没有巡检',
    depth: '视锥深度（米）',
    depthAuto: '按影像组拍摄距离',
    loading: '正在加载照片位置…',
    drawn: '已显示 {count} 张照片',
    withoutPose: '{count} 张照片没有位姿，未显示',
    skipped: '{count} 张照片缺少相机参数，未显示',
    none: '该巡检没有带位姿的照片',
    loadFailed: '照片位置加载失败，请重试',
    flyTo: '飞到照片',
    hide: '隐藏照片',
    openHint: '点击打开照片',
  },
};
