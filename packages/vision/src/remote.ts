/**
 * Remote detector: the same interface over HTTP to an external AI service.
 *
 * Request:  POST <baseUrl>/detect, JSON
 *   { image?: base64 bytes, imageUrl?: string, types: string[], minLengthPx, minAreaPx, threshold?, includeMask }
 *   header Authorization: Bearer <token> when a token is configured.
 * Response: 200 { width, height, detections: Detection[] } (the shapes of ./types.ts; `type` may be a
 *   service label mapped through `typeMap`), or an error { error: { key, message } } with one of the AI keys.
 *
 * Errors: 401/403 -> AI_SERVER_CHECK_ERROR; no answer within timeoutMs (or 504/408) ->
 * AI_SERVER_RECOGNITION_TIME_OUT; service-reported AI keys are passed through; result types that map to no
 * built-in type -> DISEASE_TYPE_NOT_COVER_AI; anything else (5xx, refused, bad JSON) -> AI_SERVER_EXCEPTION.
 */
import { readFile } from 'node:fs/promises';
import { asVisionError, VISION_ERROR_KEYS, VisionError, type VisionErrorKey } from './errors.js';
import { isRgbImage } from './image.js';
import { resolveTypes } from './pipeline.js';
import sharp from 'sharp';
import {
  DEFECT_TYPES,
  isDefectType,
  type DefectType,
  type Detection,
  type DetectionResult,
  type DetectOptions,
  type Detector,
  type ImageInput,
} from './types.js';

export interface RemoteDetectorConfig {
  baseUrl: string;
  token?: string;
  /** Recognition time budget, ms (default 60 000). */
  timeoutMs?: number;
  /** Types the service claims (default: all built-in types). */
  supportedTypes?: readonly DefectType[];
  /** Service label -> built-in type code. */
  typeMap?: Record<string, DefectType>;
  name?: string;
}

async function encodeInput(input: ImageInput): Promise<{ image?: string; imageUrl?: string }> {
  if (typeof input === 'string') {
    if (input.trim() === '') throw new VisionError('DISEASE_IMAGE_URL_NULL', 'no image given', 'image_missing');
    if (/^https?:\/\//i.test(input)) return { imageUrl: input };
    try {
      const bytes = await readFile(input);
      if (!bytes.length) throw new VisionError('DISEASE_IMAGE_URL_NULL', 'image is empty', 'image_empty');
      return { image: bytes.toString('base64') };
    } catch (e) {
      if (e instanceof VisionError) throw e;
      throw new VisionError('DISEASE_IMAGE_URL_NULL', `image not found: ${input}`, 'image_missing', { cause: e });
    }
  }
  if (isRgbImage(input)) {
    const png = await sharp(input.data, { raw: { width: input.width, height: input.height, channels: 3 } })
      .png()
      .toBuffer();
    return { image: png.toString('base64') };
  }
  if (!input || input.length === 0) throw new VisionError('DISEASE_IMAGE_URL_NULL', 'image is empty', 'image_empty');
  return { image: Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('base64') };
}

function isKey(k: unknown): k is VisionErrorKey {
  return typeof k === 'string' && (VISION_ERROR_KEYS as readonly string[]).includes(k);
}

export class RemoteDetector implements Detector {
  readonly name: string;
  readonly supportedTypes: readonly DefectType[];
  constructor(private readonly config: RemoteDetectorConfig) {
    this.name = config.name ?? 'remote';
    this.supportedTypes = config.supportedTypes ?? DEFECT_TYPES;
  }

  async detect(input: ImageInput, options: DetectOptions = {}): Promise<DetectionResult> {
    try {
      if (input === null || input === undefined)
        throw new VisionError('DISEASE_IMAGE_URL_NULL', 'no image given', 'image_missing');
      const { types, ignored } = resolveTypes(options.types, this.supportedTypes);
      const t0 = Date.now();
      const body = {
        ...(await encodeInput(input)),
        types,
        minLengthPx: options.minLengthPx ?? 20,
        minAreaPx: options.minAreaPx ?? 64,
        threshold: options.threshold,
        includeMask: options.includeMask ?? false,
      };
      const t1 = Date.now();
      const timeoutMs = options.timeoutMs ?? this.config.timeoutMs ?? 60_000;
      const ctl = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        ctl.abort();
      }, timeoutMs);
      const onAbort = (): void => ctl.abort();
      options.signal?.addEventListener('abort', onAbort);
      let res: Response;
      let text: string;
      try {
        res = await fetch(
          new URL('detect', this.config.baseUrl.endsWith('/') ? this.config.baseUrl : this.config.baseUrl + '/'),
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(this.config.token ? { authorization: `Bearer ${this.config.token}` } : {}),
            },
            body: JSON.stringify(body),
            signal: ctl.signal,
          },
        );
        text = await res.text();
      } catch (e) {
        if (timedOut)
          throw new VisionError(
            'AI_SERVER_RECOGNITION_TIME_OUT',
            `AI service did not answer within ${timeoutMs} ms`,
            'timeout',
            { cause: e },
          );
        if (options.signal?.aborted)
          throw new VisionError('AI_SERVER_RECOGNITION_TIME_OUT', 'aborted', 'aborted', { cause: e });
        throw new VisionError('AI_SERVER_EXCEPTION', `AI service unreachable: ${(e as Error).message}`, 'remote_http', {
          cause: e,
        });
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      }
      let json: unknown = undefined;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        /* handled below */
      }
      const errKey = (json as { error?: { key?: unknown; message?: unknown } } | undefined)?.error?.key;
      const errMsg = String(
        (json as { error?: { message?: unknown } } | undefined)?.error?.message ?? `HTTP ${res.status}`,
      );
      if (res.status === 401 || res.status === 403)
        throw new VisionError(
          'AI_SERVER_CHECK_ERROR',
          `AI service rejected the credentials (HTTP ${res.status})`,
          'auth',
        );
      if (isKey(errKey)) throw new VisionError(errKey, errMsg, 'remote_http');
      if (res.status === 504 || res.status === 408)
        throw new VisionError('AI_SERVER_RECOGNITION_TIME_OUT', `AI service timed out (HTTP ${res.status})`, 'timeout');
      if (!res.ok) throw new VisionError('AI_SERVER_EXCEPTION', `AI service error: ${errMsg}`, 'remote_http');
      const payload = json as { width?: number; height?: number; detections?: unknown } | undefined;
      if (!payload || !Array.isArray(payload.detections))
        throw new VisionError('AI_SERVER_EXCEPTION', 'AI service answered without detections', 'remote_payload');
      const t2 = Date.now();
      const detections: Detection[] = [];
      for (const raw of payload.detections as Array<Record<string, unknown>>) {
        const label = String(raw.type ?? '');
        const type = this.config.typeMap?.[label] ?? (isDefectType(label) ? label : undefined);
        if (!type)
          throw new VisionError(
            'DISEASE_TYPE_NOT_COVER_AI',
            `AI result type "${label}" is not a built-in defect type`,
            'types_not_covered',
          );
        if (!types.includes(type)) continue;
        const g = raw.geometry as Detection['geometry'] | undefined;
        if (!g || (g.kind !== 'polyline' && g.kind !== 'polygon'))
          throw new VisionError('AI_SERVER_EXCEPTION', 'AI result without geometry', 'remote_payload');
        detections.push({
          type,
          confidence: Number(raw.confidence ?? 0),
          geometry: g,
          bbox: (raw.bbox as Detection['bbox']) ?? [0, 0, 0, 0],
          ...(raw.mask ? { mask: raw.mask as Detection['mask'] } : {}),
        });
      }
      return {
        detector: this.name,
        width: Number(payload.width ?? 0),
        height: Number(payload.height ?? 0),
        detections,
        ignoredTypes: ignored,
        timings: { decodeMs: t1 - t0, scoreMs: t2 - t1, postMs: Date.now() - t2 },
      };
    } catch (e) {
      throw asVisionError(e);
    }
  }
}
