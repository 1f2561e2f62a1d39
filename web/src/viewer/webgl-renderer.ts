/**
 * Which WebGL renderer the browser draws with. Without a GPU (a virtual machine, a remote desktop, a browser that
 * blocks the driver) it is a software one, and every sample of multisample anti-aliasing is then drawn by the CPU:
 * four samples cost the 3D view about a fifth more of the CPU on each frame (docs/benchmarks.md, browser suite).
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|basic render driver|software rasterizer/i;

export function isSoftwareRenderer(rendererName: string): boolean {
  return SOFTWARE_RENDERER.test(rendererName);
}

/** The renderer's name as WebGL reports it, read from a throwaway context, or null without WebGL. */
function webglRendererName(): string | null {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return null;
  const debugInfo = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(debugInfo ? debugInfo.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return name;
}

/** Cesium's four samples a pixel on a GPU; none on a software renderer, which draws edges unsmoothed instead. */
export function defaultMsaaSamples(): number {
  const name = webglRendererName();
  return name !== null && isSoftwareRenderer(name) ? 1 : 4;
}
