export { defineCpuTask, type CpuTask, type CpuTaskContext } from './cpu-task.js';
export { createCpuPool, type CpuPool, type CpuPoolOptions, type CpuRunOptions } from './cpu-pool.js';
