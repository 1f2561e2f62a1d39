/**
 * Synthetic drone-target photos for tests and browser journeys: a grey textured photo with a printed ArUco marker on
 * a white card centred where asked (drawn as OpenCV draws it) and, if asked, a circular target (a dark disc on a
 * white card), as PNG bytes to store or upload. One generator, so the server's and the browser's tests see the same
 * targets.
 */
import sharp from 'sharp';
import { placeSprite, renderArucoMarker, type ArucoDictionary, type GrayImage } from './targets.js';

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
  /** The centre of a circular target's card (DISC_CARD_PX wide, a disc of DISC_RADIUS_PX), photo pixels. */
  disc?: { x: number; y: number };
}

/** The circular target's card and disc, pixels. */
export const DISC_CARD_PX = 50;
export const DISC_RADIUS_PX = 15;

/** A white card with a dark disc in its middle, anti-aliased by 4× supersampling. */
function discCard(): GrayImage {
  const size = DISC_CARD_PX;
  const data = new Uint8Array(size * size);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      let inside = 0;
      for (let sub = 0; sub < 16; sub += 1) {
        const dx = col + ((sub % 4) + 0.5) / 4 - size / 2;
        const dy = row + (Math.floor(sub / 4) + 0.5) / 4 - size / 2;
        if (dx * dx + dy * dy <= DISC_RADIUS_PX * DISC_RADIUS_PX) inside += 1;
      }
      data[row * size + col] = Math.round(240 - (inside / 16) * 200);
    }
  }
  return { data, width: size, height: size };
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
  let photo = await placeSprite({ data, width, height }, board, {
    x: options.centre.x - cardPx / 2,
    y: options.centre.y - cardPx / 2,
  });
  if (options.disc) {
    photo = await placeSprite(photo, discCard(), {
      x: options.disc.x - DISC_CARD_PX / 2,
      y: options.disc.y - DISC_CARD_PX / 2,
    });
  }
  return sharp(Buffer.from(photo.data), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}
