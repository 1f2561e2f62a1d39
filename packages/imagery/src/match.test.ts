import { describe, expect, it } from 'vitest';
import { canResumeWithExport, matchPoseExport, poseExportChecksum } from './match.js';
import { parsePoseExport } from './pose-export/parse-pose-export.js';
import { missingFixtureMessage, readFixture } from './test-fixtures.js';

const entries = (...names: string[]) => names.map((name) => ({ name }));

describe('matching XML photos to uploaded images (SPEC section 5)', () => {
  it('the same names: match', () => {
    const result = matchPoseExport(entries('DJI_0001.JPG', 'DJI_0002.JPG'), ['DJI_0002.JPG', 'DJI_0001.JPG']);
    expect(result.verdict).toBe('match');
    expect(result.matched.map((m) => [m.image, m.entry.name])).toEqual([
      ['DJI_0002.JPG', 'DJI_0002.JPG'],
      ['DJI_0001.JPG', 'DJI_0001.JPG'],
    ]);
    expect(result).toMatchObject({ imagesMissingFromExport: [], entriesWithoutImage: [], ambiguous: [] });
  });

  it('names differ only in case (an export written on Windows): match', () => {
    expect(matchPoseExport(entries('dji_0001.jpg'), ['DJI_0001.JPG']).verdict).toBe('match');
  });

  it('Metashape labels without extension match the image of that name', () => {
    const result = matchPoseExport(entries('DJI_0001', 'DJI_0002'), ['DJI_0001.JPG', 'DJI_0002.jpg']);
    expect(result.verdict).toBe('match');
    // A label with an extension is a file name: it does not match another extension.
    expect(matchPoseExport(entries('DJI_0001.TIF'), ['DJI_0001.JPG']).verdict).toBe('mismatch');
  });

  it('fewer images than the XML: every image matched, the rest listed, ask to continue', () => {
    const result = matchPoseExport(entries('a.jpg', 'b.jpg', 'c.jpg'), ['b.jpg']);
    expect(result.verdict).toBe('fewerImagesThanExport');
    expect(result.entriesWithoutImage.map((e) => e.name)).toEqual(['a.jpg', 'c.jpg']);
    expect(result.imagesMissingFromExport).toEqual([]);
  });

  it('an image the XML does not name: mismatch, the image listed', () => {
    const result = matchPoseExport(entries('a.jpg', 'b.jpg'), ['a.jpg', 'b.jpg', 'z.jpg']);
    expect(result.verdict).toBe('mismatch');
    expect(result.imagesMissingFromExport).toEqual(['z.jpg']);
  });

  it('images missing and XML photos left over at once: mismatch, both listed', () => {
    const result = matchPoseExport(entries('a.jpg', 'b.jpg'), ['a.jpg', 'z.jpg']);
    expect(result).toMatchObject({ verdict: 'mismatch', imagesMissingFromExport: ['z.jpg'] });
    expect(result.entriesWithoutImage.map((e) => e.name)).toEqual(['b.jpg']);
  });

  it('ambiguous names: mismatch', () => {
    expect(matchPoseExport(entries('a.jpg', 'A.JPG'), ['a.jpg']).ambiguous).toEqual(['A.JPG']);
    expect(matchPoseExport(entries('a.jpg', 'A.JPG'), ['a.jpg']).verdict).toBe('mismatch');
    expect(matchPoseExport(entries('a.jpg'), ['a.jpg', 'A.jpg']).verdict).toBe('mismatch');
    // One extension-less label cannot stand for two images.
    expect(matchPoseExport(entries('a'), ['a.jpg', 'a.png'])).toMatchObject({ verdict: 'mismatch', ambiguous: ['a'] });
  });

  it('nothing to match: mismatch', () => {
    expect(matchPoseExport(entries('a.jpg'), []).verdict).toBe('mismatch');
    expect(matchPoseExport([], ['a.jpg']).verdict).toBe('mismatch');
  });

  it('Unicode names compare in one normal form', () => {
    expect(matchPoseExport(entries('桥墩\u0041\u030A.jpg'), ['桥墩\u00C5.jpg']).verdict).toBe('match');
  });

  const camerasXml = readFixture('photogrammetry-poses', 'metashape', 'cameras.xml');
  if (!camerasXml) console.warn(missingFixtureMessage('photogrammetry-poses', 'metashape', 'cameras.xml'));
  it.skipIf(!camerasXml)('the Metashape fixture against an upload of 90 of its 94 photos', () => {
    const { photos } = parsePoseExport(camerasXml as Buffer);
    const images = photos.slice(0, 90).map((p) => `${p.name}.JPG`);
    const result = matchPoseExport(photos, images);
    expect(result.verdict).toBe('fewerImagesThanExport');
    expect(result.matched).toHaveLength(90);
    expect(result.entriesWithoutImage.map((p) => p.name)).toEqual(['091', '092', '093', '094']);
  });
});

describe('resuming a high-precision upload (SPEC section 5: a checksum mismatch blocks the resume)', () => {
  const xml = new TextEncoder().encode('<BlocksExchange version="2.1"/>');

  it('the same bytes resume; one changed byte blocks', () => {
    const started = poseExportChecksum(xml);
    expect(started).toMatch(/^[0-9a-f]{64}$/);
    expect(canResumeWithExport(started, xml)).toBe(true);
    const changed = xml.slice();
    changed[5] = 0x78;
    expect(canResumeWithExport(started, changed)).toBe(false);
  });

  it('is SHA-256 (the published digest of "abc", FIPS 180-2 appendix B.1)', () => {
    expect(poseExportChecksum(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
