import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  // 3D viewer (web/src/viewer).
  viewer: {
    loading: 'Loading the 3D model…',
    loadFailed: 'The 3D model could not be loaded; please refresh and retry',
    webglUnavailable: 'This browser does not support WebGL, so the 3D model cannot be shown',
    toolbar: '3D tools',
    measureDistance: 'Measure distance',
    measureHeight: 'Measure height difference',
    measureArea: 'Measure area',
    clearMeasurements: 'Clear measurements',
    clip: 'Clip',
    clipHeight: 'Clip height (m)',
    clipOff: 'Remove clipping',
    saveView: 'Save as default view',
    defaultView: 'Back to default view',
    hintDistance: 'Click points on the model; double-click or right-click to finish, Esc to cancel',
    hintHeight: 'Click two points on the model; Esc to cancel',
    hintArea: 'Click at least three points on the model; double-click or right-click to finish, Esc to cancel',
    resultDistance: 'Distance {length}',
    resultHeight: 'Height difference {height}, horizontal distance {horizontal}',
    resultArea: 'Area {area}, horizontal projection {horizontal}',
    viewSaved: 'Default view saved',
  },
};
