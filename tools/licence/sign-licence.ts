// The vendor's licence signing command for local deployments (see --help; run with `npm run licence:sign --`).
// The private key never enters the repository: it is read from a file named by --key or
// SIGHTLINE_LICENCE_PRIVATE_KEY. What it signs is checked with the schema the server accepts.
import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MACHINE_CODE_PATTERN, licenceDocumentSchema } from '@sightline/shared';

const USAGE = `Usage (npm run licence:sign -- <options>):
  sign-licence.ts --generate-keys <dir>
      Writes a new Ed25519 pair: <dir>/licence-private-key.pem (keep it secret) and
      <dir>/licence-public-key.pem (goes into server/src/modules/licence/licence-public-key.ts).

  sign-licence.ts --machine-code XXXX-XXXX-XXXX-XXXX --issued-to <name>
                   (--expires <ISO date or time> | --days <n>) [--function <code>:<days> ...]
                   [--issued-at <ISO time>] [--key <private-key.pem>] [--out <file>]
      Prints the licence file's text (or writes it to --out). The key file comes from --key or
      the environment variable SIGHTLINE_LICENCE_PRIVATE_KEY. A date without a time means 00:00 UTC.
      Each --function grants a function package (TEAM_FUNCTION_CODES in packages/shared: base,
      ai_screening, inspection, ...) for <days> days from the issue date.`;

const FUNCTION = /^([A-Za-z][A-Za-z0-9_-]{0,63}):(\d{1,6})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function fail(message: string): never {
  console.error(`sign-licence: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseTime(value: string, name: string): Date {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) fail(`${name} is not a date or time: ${value}`);
  return time;
}

function generateKeys(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privatePath = path.join(dir, 'licence-private-key.pem');
  const publicPath = path.join(dir, 'licence-public-key.pem');
  fs.writeFileSync(privatePath, privateKey, { mode: 0o600, flag: 'wx' });
  fs.writeFileSync(publicPath, publicKey);
  console.error(`Wrote ${privatePath} (secret) and ${publicPath}`);
}

/**
 * The licence file: base64 of {licence, signature}, where `licence` is the JSON text that was
 * signed (kept as text, so the bytes verified are exactly the bytes signed).
 */
function signLicence(values: Options): void {
  const keyPath = values.key ?? process.env.SIGHTLINE_LICENCE_PRIVATE_KEY;
  if (!keyPath) fail('no private key: give --key or set SIGHTLINE_LICENCE_PRIVATE_KEY');
  const machineCode = (values['machine-code'] ?? '').trim().toUpperCase();
  if (!MACHINE_CODE_PATTERN.test(machineCode)) fail('--machine-code must look like XXXX-XXXX-XXXX-XXXX');
  const issuedTo = (values['issued-to'] ?? '').trim();
  const issuedAt = values['issued-at'] ? parseTime(values['issued-at'], '--issued-at') : new Date();
  if (Boolean(values.expires) === Boolean(values.days)) fail('give exactly one of --expires and --days');
  let expiresAt: Date;
  if (values.expires) expiresAt = parseTime(values.expires, '--expires');
  else {
    const days = Number(values.days);
    if (!Number.isInteger(days) || days < 1) fail('--days must be a whole number of days, at least 1');
    expiresAt = new Date(issuedAt.getTime() + days * DAY_MS);
  }
  if (expiresAt <= issuedAt) fail('the licence must expire after it is issued');
  const functions = (values.function ?? []).map((entry) => {
    const match = FUNCTION.exec(entry);
    if (!match) fail(`--function must be <code>:<days>, got ${entry}`);
    return { code: match[1], validityDays: Number(match[2]) };
  });
  const document = licenceDocumentSchema.safeParse({
    machineCode,
    issuedTo,
    issuedAt: issuedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    functions,
  });
  if (!document.success) {
    const problems = document.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    fail(`the server would refuse this licence:\n  ${problems.join('\n  ')}`);
  }

  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(fs.readFileSync(keyPath));
  } catch (error) {
    fail(`cannot read the private key ${keyPath}: ${(error as Error).message}`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') fail(`${keyPath} is not an Ed25519 private key`);
  const licence = JSON.stringify(document.data);
  const signature = sign(null, Buffer.from(licence, 'utf8'), privateKey).toString('base64');
  const text = Buffer.from(JSON.stringify({ licence, signature }), 'utf8').toString('base64');
  if (values.out) {
    fs.writeFileSync(values.out, `${text}\n`);
    console.error(`Wrote the licence for ${machineCode} to ${values.out}`);
  } else {
    process.stdout.write(`${text}\n`);
  }
}

const OPTIONS = {
  'generate-keys': { type: 'string' },
  key: { type: 'string' },
  'machine-code': { type: 'string' },
  'issued-to': { type: 'string' },
  'issued-at': { type: 'string' },
  expires: { type: 'string' },
  days: { type: 'string' },
  function: { type: 'string', multiple: true },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

let values: Options = {};
try {
  values = parseArgs({ options: OPTIONS }).values;
} catch (error) {
  fail((error as Error).message);
}
if (values.help) console.log(USAGE);
else if (values['generate-keys']) generateKeys(values['generate-keys']);
else signLicence(values);
