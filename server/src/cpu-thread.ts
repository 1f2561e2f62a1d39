/**
 * The entry of the CPU worker threads (platform/cpu): every module that defines CPU tasks is imported here, so
 * that a thread knows every task the process may send it. A domain with CPU work adds its tasks module below.
 */
import './platform/archive/tileset-zip.tasks.js';
import './modules/ai-model/ai-model.tasks.js';
import './modules/ai-screening/ai-screening.tasks.js';
import './modules/defect-export/defect-export.tasks.js';
import './modules/inspection/inspection-image.tasks.js';
import './modules/inspection/inspection-image-pyramid.tasks.js';
import './modules/monitor-target/monitor-target.tasks.js';
import './modules/spatial-marker/space-geometry.tasks.js';

export { runCpuTask as default } from './platform/cpu/cpu-thread-runner.js';
