import type { Config } from './config.js';
import type { CpuPool } from './cpu/index.js';
import type { DatabaseHandle } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import type { JobQueue } from './jobs/index.js';
import type { SmsProvider } from './sms/sms-provider.js';
import type { BlobStore } from './storage/blob-store.js';

/** What the platform hands every module: configuration, the database, files, jobs, threads, events and SMS. */
export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  blobs: BlobStore;
  jobs: JobQueue;
  /** Worker threads for CPU-heavy work, so that it never blocks the event loop. */
  cpu: CpuPool;
  bus: EventBus;
  sms: SmsProvider;
}
