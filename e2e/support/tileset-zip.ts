import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Zippable } from 'fflate';
import type { PNG } from 'pngjs';
import { expect } from 'vitest';

/** A tileset folder's files as zip entries, as users zip it (the files at the root of the archive). */
export function tilesetFolderEntries(folder: string): Zippable {
  return Object.fromEntries(
    readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [entry.name, readFileSync(path.join(folder, entry.name))]),
  );
}

/** Pixels whose colour differs by more than `threshold` in any channel, as a fraction of the image. */
export function differingFraction(a: PNG, b: PNG, threshold = 40): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let count = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    const o = i * 4;
    const delta = Math.max(
      Math.abs((a.data[o] ?? 0) - (b.data[o] ?? 0)),
      Math.abs((a.data[o + 1] ?? 0) - (b.data[o + 1] ?? 0)),
      Math.abs((a.data[o + 2] ?? 0) - (b.data[o + 2] ?? 0)),
    );
    if (delta > threshold) count++;
  }
  return count / (a.width * a.height);
}
