import { describe, expect, it } from 'vitest';
import { folderSignature, isOtherFolder, screenFolder, screenPointCloud } from './high-precision-folder';

const file = (name: string, type = '') => ({ name, type });

describe('high-precision folder', () => {
  it('needs exactly one .xml and images', () => {
    const chosen = [file('cameras.xml'), file('DJI_0001.JPG', 'image/jpeg'), file('notes.txt')];
    expect(screenFolder(chosen)).toMatchObject({ ok: true, xml: { name: 'cameras.xml' }, images: [chosen[1]] });
    expect(screenFolder([file('DJI_0001.JPG')])).toEqual({
      ok: false,
      reason: { key: 'highPrecisionUi.folderNeedsXmlAndImages' },
    });
    expect(screenFolder([file('cameras.xml')])).toMatchObject({ ok: false });
    expect(screenFolder([file('a.xml'), file('b.XML'), file('c.jpg')])).toEqual({
      ok: false,
      reason: { key: 'highPrecisionUi.folderHasManyXml', params: { count: 2 } },
    });
  });

  it('notices the same folder twice and another folder on resume', () => {
    const xml = { name: 'cameras.xml', size: 10 };
    expect(folderSignature(xml, ['b.jpg', 'a.jpg'])).toBe(folderSignature(xml, ['a.jpg', 'b.jpg']));
    expect(folderSignature(xml, ['a.jpg'])).not.toBe(folderSignature({ ...xml, size: 11 }, ['a.jpg']));
    expect(isOtherFolder(['A.JPG', 'b.jpg'], ['a.jpg', 'b.jpg', 'c.jpg'])).toBe(false);
    expect(isOtherFolder(['a.jpg', 'd.jpg'], ['a.jpg', 'b.jpg'])).toBe(true);
  });

  it('takes a point cloud as one .pcd with one .xml', () => {
    expect(screenPointCloud([file('cloud.pcd'), file('metadata.xml')])).toMatchObject({ ok: true });
    expect(screenPointCloud([file('cloud.pcd')])).toEqual({ ok: false });
    expect(screenPointCloud([file('a.pcd'), file('b.pcd'), file('m.xml')])).toEqual({ ok: false });
  });
});
