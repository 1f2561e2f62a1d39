/**
 * Which WebGL renderer the browser draws with. Without a GPU (a virtual machine, a remote desktop, a browser that
 * blocks the driver) it is a software one, and every sample of multisample anti-aliasing is then drawn by the CPU:
 * dropping Cesium's four samples saves a fifth to a third of the drawing's CPU (docs/benchmarks.md, the test suite's
 * time).
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

let probedSamples: number | undefined;

/**
 * Cesium's four samples a pixel on a GPU; none on a software renderer, which draws edges unsmoothed instead. Probed
 * once a page: the renderer does not change while it is open, and each probe spends a WebGL context.
 */
export function defaultMsaaSamples(): number {
  if (probedSamples === undefined) {
    const name = webglRendererName();
    probedSamples = name !== null && isSoftwareRenderer(name) ? 1 : 4;
  }
  return probedSamples;
}
