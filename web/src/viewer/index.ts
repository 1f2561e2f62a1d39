// The 3D view. Import from here: Cesium itself is only loaded (as its own chunk) when a viewer is created.
export { ModelViewer, type ModelViewerProps } from './ModelViewer';
export { ViewerToolbar, type ViewerToolbarProps } from './ViewerToolbar';
export { SceneLoadState } from './SceneLoadState';
export { createViewer } from './viewer-core';
export { formatMetres, formatSquareMetres } from './viewer-format';
export { DEFAULT_FRUSTUM_DEPTH_M, toViewerPhotos } from './photo-frustums';
export { toViewerProjection } from './photo-projection';
export type * from './viewer-types';
