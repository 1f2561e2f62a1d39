export * from './coordinates.js';
export * from './measure.js';
export * from './orientation.js';
export * from './frustum.js';
export * from './camera-model.js';
export * from './defect-size.js';
