/** The 3D viewer (web/src/viewer). */
export const zhCN = {
  // 3D viewer (web/src/viewer).
  viewer: {
    loading: '正在加载三维模型…',
    loadFailed: '三维模型加载失败，请刷新重试',
    webglUnavailable: '当前浏览器不支持 WebGL，无法显示三维模型',
    toolbar: '三维工具',
    measureDistance: '测量距离',
    measureHeight: '测量高差',
    measureArea: '测量面积',
    clearMeasurements: '清除测量',
    clip: '剖切',
    clipHeight: '剖切高度（米）',
    clipOff: '取消剖切',
    saveView: '保存为默认视角',
    defaultView: '返回默认视角',
    hintDistance: '在模型上单击添加点，双击或右键结束，Esc 取消',
    hintHeight: '在模型上依次单击两点，Esc 取消',
    hintArea: '在模型上单击添加至少三个点，双击或右键结束，Esc 取消',
    resultDistance: '距离 {length}',
    resultHeight: '高差 {height}，水平距离 {horizontal}',
    resultArea: '面积 {area}，水平投影 {horizontal}',
    viewSaved: '默认视角已保存',
  },
} as const;
