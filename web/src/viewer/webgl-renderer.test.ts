import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './webgl-renderer';

describe('isSoftwareRenderer', () => {
  it('knows the software renderers of Chromium, Mesa and Windows', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(true);
    }
  });

  it('leaves GPUs multisampled', () => {
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'Apple M2',
      'AMD Radeon Pro 5500M OpenGL Engine',
      'WebKit WebGL',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(false);
    }
  });
});
