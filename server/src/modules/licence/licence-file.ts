import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { AppError, licenceDocumentSchema, type LicenceDocument } from '@sightline/shared';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The outer file, as tools/licence/sign-licence.ts writes it: the signed JSON text and its signature. */
const envelopeSchema = z.object({ licence: z.string().min(1), signature: z.string().regex(BASE64) });

export function publicKeyFrom(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The licence public key is not an Ed25519 key');
  return key;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('LICENSE_INFO_EXCEPTION');
  }
}

function signatureMatches(licence: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(licence, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    // A signature of the wrong length is refused by throwing rather than by answering false.
    return false;
  }
}

/**
 * Reads a licence file's text: LICENSE_INFO_EXCEPTION when it is not a licence at all,
 * LICENSE_CODE_ERROR when its signature does not verify (tampered or signed by another key).
 */
export function readLicenceFile(text: string, publicKey: KeyObject): LicenceDocument {
  const compact = text.replace(/\s+/g, '');
  if (!compact || !BASE64.test(compact)) throw new AppError('LICENSE_INFO_EXCEPTION');
  const envelope = envelopeSchema.safeParse(parseJson(Buffer.from(compact, 'base64').toString('utf8')));
  if (!envelope.success) throw new AppError('LICENSE_INFO_EXCEPTION');
  if (!signatureMatches(envelope.data.licence, envelope.data.signature, publicKey)) {
    throw new AppError('LICENSE_CODE_ERROR');
  }
  const licence = licenceDocumentSchema.safeParse(parseJson(envelope.data.licence));
  if (!licence.success) throw new AppError('LICENSE_INFO_EXCEPTION');
  return licence.data;
}
