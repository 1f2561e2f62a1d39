import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { updateDocsSection } from './cli/docs.js';
import { evaluateDetector, listPairs } from './evaluate.js';
import { OnnxDetector } from './onnx.js';
import { drawCrack, textureImage } from './synthetic.js';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('evaluation harness', () => {
  it('pairs img/ with lab/ by base name and scores a detector on the folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vision-eval-'));
    mkdirSync(path.join(dir, 'img'));
    mkdirSync(path.join(dir, 'lab'));
    for (const [i, name] of ['a', 'b'].entries()) {
      const img = textureImage(120, 80, i + 1);
      const mask = drawCrack(
        img,
        [
          [5, 10 + i * 20],
          [115, 60],
        ],
        3,
      );
      await sharp(img.data, { raw: { width: 120, height: 80, channels: 3 } })
        .png()
        .toFile(path.join(dir, 'img', `${name}.png`));
      await sharp(Buffer.from(mask.map((v) => v * 255)), { raw: { width: 120, height: 80, channels: 1 } })
        .png()
        .toFile(path.join(dir, 'lab', `${name}.png`));
    }
    writeFileSync(path.join(dir, 'img', 'orphan.jpg'), 'x'); // no label: ignored
    const pairs = listPairs(dir);
    expect(pairs.map((p) => p.name)).toEqual(['a', 'b']);
    const det = new OnnxDetector({ modelPath: path.join(here, '__fixtures__', 'dark-lines.onnx'), threads: 1 });
    const rows = await evaluateDetector(det, pairs, { tolerances: [0, 2] });
    await det.close();
    expect(rows.map((r) => r.tolerance)).toEqual([0, 2]);
    expect(rows[0]!.scores.f).toBeGreaterThan(0.95);
    expect(rows[1]!.scores.f).toBeGreaterThanOrEqual(rows[0]!.scores.f);
    expect(rows[0]!.images).toBe(2);
  });

  it('writes only inside the vision markers of the benchmarks document', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vision-docs-')), 'benchmarks.md');
    writeFileSync(
      file,
      '# Benchmarks\n\n<!-- model:start -->\nkeep me\n<!-- model:end -->\n\n<!-- vision:start -->\n<!-- vision:end -->\ntail\n',
    );
    await updateDocsSection('evaluation', '| table 1 |', file);
    await updateDocsSection('throughput', '| table 2 |', file);
    await updateDocsSection('evaluation', '| table 1b |', file);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('keep me');
    expect(text.endsWith('tail\n')).toBe(true);
    expect(text).toContain('| table 1b |');
    expect(text).not.toContain('| table 1 |');
    expect(text).toContain('| table 2 |');
    expect(text.match(/<!-- vision:start -->/g)).toHaveLength(1);
  });
});
