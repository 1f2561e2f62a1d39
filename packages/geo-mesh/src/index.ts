export * from './tileset-mesh.js';
export * from './mesh-index.js';
export * from './photo-sight.js';
export * from './marker-binding.js';
