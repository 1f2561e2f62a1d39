import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cesiumBuildDir, cesiumContentType, resolveCesiumFile } from './vite-cesium-plugin';

const buildDir = cesiumBuildDir(path.resolve(import.meta.dirname, '..', '..'));

describe('vite-cesium-plugin', () => {
  it('finds Build/Cesium of the installed package', () => {
    expect(buildDir.endsWith(path.join('cesium', 'Build', 'Cesium'))).toBe(true);
  });

  it('serves only the four static folders', () => {
    expect(resolveCesiumFile(buildDir, 'Widgets/widgets.css')).toBe(path.join(buildDir, 'Widgets', 'widgets.css'));
    expect(resolveCesiumFile(buildDir, 'Assets/Textures/NaturalEarthII/0/0/0.jpg?v=1')).toBe(
      path.join(buildDir, 'Assets', 'Textures', 'NaturalEarthII', '0', '0', '0.jpg'),
    );
    expect(resolveCesiumFile(buildDir, 'Cesium.js')).toBeNull();
    expect(resolveCesiumFile(buildDir, '../../package.json')).toBeNull();
    expect(resolveCesiumFile(buildDir, 'Widgets/../../../package.json')).toBeNull();
    expect(resolveCesiumFile(buildDir, 'Widgets/%2e%2e/%2e%2e/package.json')).toBeNull();
    expect(resolveCesiumFile(buildDir, '%E0%A4%A')).toBeNull();
  });

  it('names content types Cesium needs right (WebAssembly must be application/wasm)', () => {
    expect(cesiumContentType('ThirdParty/draco_decoder.wasm')).toBe('application/wasm');
    expect(cesiumContentType('Workers/transferTypedArrayTest.js')).toBe('text/javascript');
    expect(cesiumContentType('Assets/approximateTerrainHeights.json')).toBe('application/json');
  });
});
