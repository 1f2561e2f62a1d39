/**
 * Loads OpenCV.js (WebAssembly) once. Depending on the build, the package exports a Promise of the module,
 * the module itself, or a module that is still initialising; handle all three without awaiting a thenable
 * Emscripten module object directly (that can loop forever).
 */
import { createRequire } from 'node:module';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CV = any;

let ready: Promise<CV> | null = null;

export function loadOpenCv(): Promise<CV> {
  if (ready) return ready;
  ready = new Promise<CV>((resolve, reject) => {
    try {
      const require = createRequire(import.meta.url);
      const mod = require('@techstark/opencv-js') as unknown;
      if (mod instanceof Promise) {
        mod.then((cv: CV) => {
          if (cv && cv.Mat) resolve(unwrap(cv));
          else if (cv) cv.onRuntimeInitialized = () => resolve(unwrap(cv));
          else reject(new Error('OpenCV.js resolved to nothing'));
        }, reject);
      } else {
        const cv = mod as CV;
        if (cv.Mat) resolve(unwrap(cv));
        else cv.onRuntimeInitialized = () => resolve(unwrap(cv));
      }
    } catch (e) {
      reject(e);
    }
  });
  return ready;
}

/** Return a plain holder so that resolving a promise with it never triggers thenable adoption. */
function unwrap(cv: CV): CV {
  if (cv && typeof cv.then === 'function') {
    // Emscripten modules may define then(); drop it so the object can travel through promises safely.
    try {
      delete cv.then;
    } catch {
      /* ignore */
    }
  }
  return cv;
}
