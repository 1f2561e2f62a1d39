import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range, or one of the names of ranges that Fastify's trustProxy (proxy-addr) knows. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Whose X-Forwarded-For to believe: the proxies' addresses and ranges, as Fastify's trustProxy takes them.
 * Unset (or empty), nobody's: the client is the peer of the connection, so a made-up header cannot move a
 * caller to another address's rate limits. A hop count is refused: Fastify 5 no longer honours one, since it
 * cannot tell a proxy from a client that sends enough hops of its own.
 */
const trustProxySetting = z
  .string()
  .trim()
  .refine((value) => value === '' || value.split(',').every((entry) => isProxyAddress(entry.trim())), {
    error: 'must be comma-separated addresses and CIDR ranges of the proxies (not a hop count)',
  })
  .transform((value) => (value === '' ? undefined : value.split(',').map((entry) => entry.trim())));

const configSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection string' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMS_PROVIDER: z.enum(['log', 'http'], { error: 'must be log or http' }).default('log'),
  SMS_HTTP_URL: z.url({ error: 'must be a URL' }).optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_CAPTCHA: booleanFlag.default(true),
  SIGHTLINE_SEED_DEMO: booleanFlag.default(true),
  SIGHTLINE_DEMO_PASSWORD: z
    .string()
    .regex(/^[A-Za-z0-9]{8,20}$/, { error: 'must be 8 to 20 letters and digits' })
    .optional(),
  /** Local (on-premises) deployments require a licence; the hosted service does not. */
  LOCAL_MODE: booleanFlag.default(false),
  /** The address browsers use to reach stored files (SPEC section 3: storage ip and port). */
  PUBLIC_HOST: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /**
   * What this process does: `all` serves the API and runs jobs (one machine); `api` serves the API and runs no
   * job; `worker` runs jobs and serves nothing. Split roles share one PostgreSQL server (DATABASE_URL).
   */
  SIGHTLINE_ROLE: z.enum(['all', 'api', 'worker'], { error: 'must be all, api or worker' }).default('all'),
  /**
   * Threads of the CPU pool (photo decoding, AI screening, reports). Default: one less than the machine's cores,
   * so that the event loop keeps one; a worker process, which answers no API call, can take them all.
   */
  CPU_THREADS: z.coerce.number({ error: 'must be a number of threads' }).int().positive().optional(),
  TRUST_PROXY: trustProxySetting.optional(),
  /** A session unused for this long signs out. */
  SESSION_IDLE_HOURS: z.coerce.number({ error: 'must be a number of hours' }).positive().default(720),
  /** A session older than this signs out however busy it is: a taken token works for a bounded time only. */
  SESSION_MAX_AGE_HOURS: z.coerce.number({ error: 'must be a number of hours' }).positive().default(2160),
  /**
   * The key of signed file links; the same on every API process of a deployment. Without it, a key made once
   * is kept in DATA_DIR (enough for one machine).
   */
  FILE_LINK_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** With S3_BUCKET, stored files (covers, avatars, model tiles) live in an S3-compatible store, not DATA_DIR. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Self-hosted stores (MinIO, Ceph, Garage) name the bucket in the path; AWS can name it in the host. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  /** An uploaded archive whose entries declare more than this in total is refused before extraction. */
  ARCHIVE_MAX_UNCOMPRESSED_GB: z.coerce.number({ error: 'must be a number of GB' }).positive().default(100),
  /**
   * Declared uncompressed bytes per byte of archive: real 3D Tiles compress about 2 to 10 times, while deflate
   * reaches about 1000 in a zip bomb.
   */
  ARCHIVE_MAX_RATIO: z.coerce.number({ error: 'must be a number' }).min(1).default(100),
  /**
   * LibreOffice's command, which converts reports to PDF (headless); without it at that path, reports are Word only
   * and the start-up log says how to install it.
   */
  SOFFICE_PATH: z.string().min(1).default('/usr/bin/soffice'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR'> & { DATA_DIR: string; FILES_DIR: string };

export class ConfigError extends Error {}

/** Reads configuration from the environment; a bad value stops start-up with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is not valid'} (got "${env[name] ?? ''}")`,
    );
  }
  const config = parsed.data;
  if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
    throw new ConfigError('Invalid configuration: SMS_HTTP_URL is required when SMS_PROVIDER is http');
  }
  if (config.SIGHTLINE_ROLE !== 'all' && !config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: SIGHTLINE_ROLE=${config.SIGHTLINE_ROLE} needs DATABASE_URL (a PostgreSQL server shared ` +
        'by the api and worker processes); the embedded database serves a single process, which runs with ' +
        'SIGHTLINE_ROLE=all',
    );
  }
  if (config.S3_BUCKET && !(config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET',
    );
  }
  const dataDir = path.resolve(config.DATA_DIR);
  return { ...config, DATA_DIR: dataDir, FILES_DIR: path.join(dataDir, 'files') };
}
