import { describe, expect, it } from 'vitest';
import { PointCloudMetadataError, readPcdHeader, readPointCloudMetadata } from './point-cloud.js';
import { readFixture } from './test-fixtures.js';

const METADATA =
  '<?xml version="1.0" encoding="utf-8"?>\n<ModelMetadata version="1">\n  <!--Spatial Reference System-->\n  <SRS>EPSG:4547</SRS>\n  <SRSOrigin>500000,3400000,12.5</SRSOrigin>\n</ModelMetadata>\n';

describe('PCD header', () => {
  it.each([
    ['bunny.pcd', 397, ['x', 'y', 'z'], 'ascii'],
    ['colored_cloud.pcd', 1000, ['x', 'y', 'z', 'rgb', 'normal_x', 'normal_y', 'normal_z', 'curvature'], 'binary'],
    ['milk_color.pcd', 13704, ['x', 'y', 'z', 'rgba'], 'binary_compressed'],
  ])('reads %s from its first 4 KiB', (name, points, fields, data) => {
    const bytes = readFixture('pointclouds-pcd', name);
    if (!bytes) return;
    expect(readPcdHeader(bytes.subarray(0, 4096))).toMatchObject({ points, fields, data });
  });

  it('refuses text that is not a PCD header, and a header whose columns disagree', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(readPcdHeader(encode('x y z\n1 2 3\n'))).toBeNull();
    expect(readPcdHeader(encode('ply\nformat ascii 1.0\n'))).toBeNull();
    expect(readPcdHeader(encode('FIELDS x y z\nSIZE 4 4\nTYPE F F F\nPOINTS 1\nDATA ascii\n'))).toBeNull();
    expect(readPcdHeader(encode('FIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nPOINTS 1\nDATA xml\n'))).toBeNull();
    expect(readPcdHeader(encode('FIELDS x\nSIZE 4\nTYPE F\nPOINTS 1\nDATA ascii\n'))).toMatchObject({ points: 1 });
  });
});

describe('point cloud metadata.xml', () => {
  it('reads the SRS and its origin', () => {
    expect(readPointCloudMetadata(METADATA)).toEqual({ srs: 'EPSG:4547', origin: [500000, 3400000, 12.5] });
    expect(readPointCloudMetadata('<ModelMetadata><SRS>ENU:39.97,-83.00</SRS></ModelMetadata>')).toEqual({
      srs: 'ENU:39.97,-83.00',
      origin: null,
    });
  });

  it.each([
    ['', 'empty file'],
    ['<ModelMetadata>', 'notXml'],
    ['<Other/>', '<ModelMetadata> is missing'],
    ['<ModelMetadata><SRS/></ModelMetadata>', 'ModelMetadata/SRS is missing'],
    ['<ModelMetadata><SRS>EPSG:4326</SRS><SRSOrigin>1,2</SRSOrigin></ModelMetadata>', 'SRSOrigin'],
  ])('refuses %j naming what is wrong', (xml, detail) => {
    expect(() => readPointCloudMetadata(xml)).toThrow(PointCloudMetadataError);
    expect(() => readPointCloudMetadata(xml)).toThrow(detail);
  });
});
