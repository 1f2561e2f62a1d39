export {
  defineJob,
  JOB_STATES,
  type JobContext,
  type JobDefinition,
  type JobEvent,
  type JobState,
} from './job-definition.js';
export {
  createJobQueue,
  JobInterrupted,
  type EnqueueOptions,
  type JobQueue,
  type JobQueueOptions,
  type JobRecord,
} from './job-queue.js';
