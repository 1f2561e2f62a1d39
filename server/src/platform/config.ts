import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

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
  const dataDir = path.resolve(config.DATA_DIR);
  return { ...config, DATA_DIR: dataDir, FILES_DIR: path.join(dataDir, 'files') };
}
