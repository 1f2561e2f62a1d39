import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cesiumBuildDir, cesiumContentType, resolveCesiumFile, withoutKnockoutEval } from './vite-cesium-plugin';

const buildDir = cesiumBuildDir(path.resolve(import.meta.dirname, '..', '..'));

describe('vite-cesium-plugin', () => {
  it("takes the only eval out of Cesium's knockout, which the Content-Security-Policy would refuse", () => {
    const require = createRequire(path.resolve(import.meta.dirname, '..', '..', 'package.json'));
    const widgets = path.dirname(require.resolve('@cesium/widgets/package.json'));
    const knockout = readFileSync(path.join(widgets, 'Source', 'ThirdParty', 'knockout-3.5.1.js'), 'utf8');
    expect(knockout).toContain('eval');
    expect(withoutKnockoutEval(knockout)).not.toContain('eval');
  });

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
