/**
 * Synthetic drone-target photos for the monitoring journeys: a grey textured photo with a printed ArUco marker on a
 * white card centred where asked (packages/vision draws the marker as OpenCV does), as PNG bytes to upload.
 */
import sharp from 'sharp';
import { placeSprite, renderArucoMarker, type ArucoDictionary, type GrayImage } from '@sightline/vision';

export interface MarkerPhotoOptions {
  /** The marker's centre, photo pixels. */
  centre: { x: number; y: number };
  dictionary: ArucoDictionary;
  markerId: number;
  /** Seeds the background's texture (photos of one place differ a little). */
  seed: number;
  size?: { width: number; height: number };
  /** The marker's side, pixels (its white card is half again as wide). */
  markerPx?: number;
}

export async function markerPhoto(options: MarkerPhotoOptions): Promise<Buffer> {
  const { width, height } = options.size ?? { width: 800, height: 600 };
  const markerPx = options.markerPx ?? 60;
  const data = new Uint8Array(width * height);
  let state = options.seed >>> 0;
  for (let i = 0; i < data.length; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    data[i] = 140 + Math.round((state / 2 ** 32) * 30);
  }
  const cardPx = Math.round(markerPx * 1.5);
  const card: GrayImage = { data: new Uint8Array(cardPx * cardPx).fill(245), width: cardPx, height: cardPx };
  const marker = await renderArucoMarker(options.dictionary, options.markerId, markerPx);
  const board = await placeSprite(card, marker, { x: (cardPx - markerPx) / 2, y: (cardPx - markerPx) / 2 });
  const photo = await placeSprite({ data, width, height }, board, {
    x: options.centre.x - cardPx / 2,
    y: options.centre.y - cardPx / 2,
  });
  return sharp(Buffer.from(photo.data), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}
