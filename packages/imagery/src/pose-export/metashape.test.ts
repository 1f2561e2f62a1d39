import { type Vector3, enuFrame, wgs84, wgs84ToEcef } from '@sightline/geo';
import { describe, expect, it } from 'vitest';
import { missingFixtureMessage, readFixture } from '../test-fixtures.js';
import { parsePoseExport } from './parse-pose-export.js';
import { type ExportedPhoto, PoseExportError } from './types.js';

const FIXTURE = ['photogrammetry-poses', 'metashape', 'cameras.xml'];
const camerasXml = readFixture(...FIXTURE);
if (!camerasXml) console.warn(missingFixtureMessage(...FIXTURE));

const dot = (a: Vector3, b: Vector3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const minus = (a: Vector3, b: Vector3): Vector3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

function oriented(
  photo: ExportedPhoto | undefined,
): Required<{ [K in keyof ExportedPhoto]: NonNullable<ExportedPhoto[K]> }> {
  if (!photo?.centre || !photo.axes || !photo.intrinsics) throw new Error('photo not oriented');
  return photo as Required<{ [K in keyof ExportedPhoto]: NonNullable<ExportedPhoto[K]> }>;
}

describe.skipIf(!camerasXml)('Metashape cameras.xml fixture (94 cameras, LOCAL_CS)', () => {
  const result = camerasXml ? parsePoseExport(camerasXml) : null;

  it('reads every camera with its label, in a local frame without WGS84 pose', () => {
    if (!result) return;
    expect(result.format).toBe('metashape');
    expect(result.coordinateReference.kind).toBe('local');
    expect(result.coordinateReference.definition).toMatch(/^LOCAL_CS\["Local Coordinates \(m\)"/);
    expect(result.photos).toHaveLength(94);
    expect(result.photos[0]?.name).toBe('001');
    expect(result.photos[93]?.name).toBe('094');
    expect(result.photos.every((p) => p.pose === null && p.centre !== null && p.intrinsics !== null)).toBe(true);
  });

  it('camera 001: centre from the transform, intrinsics from sensor 0 (values copied from the file)', () => {
    const photo = oriented(result?.photos[0]);
    expect(photo.centre).toEqual([-5.4581061063111036e-1, 7.3856182241742996e-1, 2.8002386144287811e-1]);
    // First column of the 4x4 transform: the image's x axis in the chunk.
    expect(photo.axes.right).toEqual([9.8279748549460866e-1, 6.8766429813244823e-2, 1.7140676951688533e-1]);
    expect(photo.intrinsics).toEqual({
      width: 5184,
      height: 3456,
      focalLengthPx: 8397.0800252741,
      // Metashape's affinity: fx = f + b1; skew = b2; no cx, cy in this file: the image centre.
      fx: 8397.0800252741 + 0.256163863908223,
      fy: 8397.0800252741,
      skew: -22.8315524998528,
      cx: 2592,
      cy: 1728,
      distortion: {
        k1: -0.0603472625149708,
        k2: 0.184858521842878,
        k3: 0,
        k4: 0,
        p1: -0.00119014441157678,
        p2: 0.00126022593561743,
      },
      distortionConvention: 'metashape',
    });
  });

  it('every camera has orthonormal right-handed axes (a rotation, to the file’s 1e-12)', () => {
    for (const p of result?.photos ?? []) {
      const { right, down, forward } = oriented(p).axes;
      for (const axis of [right, down, forward]) expect(dot(axis, axis)).toBeCloseTo(1, 12);
      expect(dot(right, down)).toBeCloseTo(0, 12);
      expect(dot(down, forward)).toBeCloseTo(0, 12);
      const det = dot(forward, [
        right[1] * down[2] - right[2] * down[1],
        right[2] * down[0] - right[0] * down[2],
        right[0] * down[1] - right[1] * down[0],
      ]);
      expect(det).toBeCloseTo(1, 12);
    }
  });

  it('every camera looks at the reconstructed region (the chunk <region> centre is in front of all of them)', () => {
    // <region><center> from the same file: the box Metashape reconstructed, which the cameras photographed.
    const region: Vector3 = [1.1309228543156133, 1.2865296212527538e-1, -4.5539410292989251];
    let insideFrame = 0;
    for (const p of result?.photos ?? []) {
      const { centre, axes, intrinsics: k } = oriented(p);
      const d = minus(region, centre);
      const z = dot(d, axes.forward);
      expect(z, p.name).toBeGreaterThan(0);
      const u = k.cx + (k.fx * dot(d, axes.right)) / z;
      const v = k.cy + (k.fy * dot(d, axes.down)) / z;
      if (u >= 0 && u <= k.width && v >= 0 && v <= k.height) insideFrame++;
    }
    // A turntable job: the region's centre is in most frames, but not all (close-ups of one side).
    expect(insideFrame).toBeGreaterThanOrEqual(70);
  });
});

/** A georeferenced chunk made here: its transform turns chunk coordinates into ECEF with east-north-up axes. */
function georeferencedChunk(scale: number, cameraTransform: string): string {
  const origin = wgs84(27.5767, 53.9188, 200);
  const f = enuFrame(origin);
  const o = wgs84ToEcef(origin);
  const rotation = [0, 1, 2].flatMap((i) => [f.east[i], f.north[i], f.up[i]]).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<document version="1.5.0">
  <chunk label="Chunk 1" enabled="true">
    <sensors next_id="1">
      <sensor id="0" label="FC220 (4.73mm)" type="frame">
        <resolution width="4000" height="2250"/>
        <calibration type="frame" class="initial"><resolution width="4000" height="2250"/><f>3000</f></calibration>
        <calibration type="frame" class="adjusted"><resolution width="4000" height="2250"/><f>3066.5</f><cx>12.5</cx><cy>-4</cy><k1>-0.01</k1></calibration>
      </sensor>
    </sensors>
    <cameras next_id="3" next_group_id="1">
      <group id="0" label="Flight 1" type="folder">
        <camera id="0" sensor_id="0" label="DJI_0012"><transform>${cameraTransform}</transform></camera>
      </group>
      <camera id="1" sensor_id="0" label="DJI_0013"/>
    </cameras>
    <transform>
      <rotation locked="false">${rotation}</rotation>
      <translation locked="false">${o.x} ${o.y} ${o.z}</translation>
      <scale locked="false">${scale}</scale>
    </transform>
    <reference>GEOGCS["WGS 84",DATUM["World Geodetic System 1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433],AUTHORITY["EPSG","4326"]]</reference>
  </chunk>
</document>`;
}

describe('a georeferenced Metashape chunk (written here)', () => {
  // Nadir camera 50 chunk units above the origin; with scale 2 that is 100 m. Columns: right = east,
  // down = south (top of the image to the north), forward = down.
  const nadir = '1 0 0 0  0 -1 0 0  0 0 -1 50  0 0 0 1';

  it('gives the WGS84 pose: origin + 100 m up, looking straight down, yaw 0', () => {
    const result = parsePoseExport(georeferencedChunk(2, nadir));
    expect(result.coordinateReference.kind).toBe('ecef');
    const photo = result.photos.find((p) => p.name === 'DJI_0012');
    const unaligned = result.photos.find((p) => p.name === 'DJI_0013');
    const pose = photo?.pose;
    if (!pose) throw new Error('no pose');
    expect(pose.longitude).toBeCloseTo(27.5767, 9);
    expect(pose.latitude).toBeCloseTo(53.9188, 9);
    // Straight up the ellipsoid normal: 200 m + 100 m, to the millimetre.
    expect(pose.height).toBeCloseTo(300, 3);
    expect(pose.pitch).toBeCloseTo(-90, 6);
    expect(pose.yaw).toBeCloseTo(0, 6);
    expect(pose.roll).toBe(0);
    expect(photo?.intrinsics).toMatchObject({ focalLengthPx: 3066.5, cx: 2012.5, cy: 1121, distortion: { k1: -0.01 } });
    expect(unaligned).toMatchObject({ name: 'DJI_0013', centre: null, axes: null, pose: null });
  });

  it('an oblique camera: looking east, 30° down', () => {
    const [c, s] = [Math.cos(Math.PI / 6), 0.5];
    // Columns right = south, down = (-s, 0, -c), forward = (c, 0, -s) in east-north-up.
    const oblique = `0 ${-s} ${c} 0  -1 0 0 0  0 ${-c} ${-s} 10  0 0 0 1`;
    const pose = parsePoseExport(georeferencedChunk(1, oblique)).photos.find((p) => p.name === 'DJI_0012')?.pose;
    expect(pose?.yaw).toBeCloseTo(90, 9);
    expect(pose?.pitch).toBeCloseTo(-30, 9);
    expect(pose?.roll).toBeCloseTo(0, 9);
    expect(pose?.height).toBeCloseTo(210, 3);
  });
});

describe('bad Metashape files name what is wrong', () => {
  const expectError = (xml: string, reason: string, attribute?: string): void => {
    try {
      parsePoseExport(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(PoseExportError);
      expect(error).toMatchObject({ reason, attribute });
      return;
    }
    throw new Error('no error');
  };

  it('no chunk, no cameras, a short transform, a bad number', () => {
    expectError('<document version="1.5.0"/>', 'missingElement', 'document/chunk');
    expectError('<document><chunk><cameras/></chunk></document>', 'noPhotos', 'chunk/cameras/camera');
    expectError(
      '<document><chunk><cameras><camera id="0" label="a"><transform>1 0 0</transform></camera></cameras></chunk></document>',
      'badValue',
      'camera[@label=a]/transform',
    );
    expectError(
      '<document><chunk><sensors><sensor id="0"><resolution width="10" height="x"/><calibration><f>1</f></calibration></sensor></sensors></chunk></document>',
      'badValue',
      'sensor[@id=0]/resolution/@height',
    );
    expectError(
      '<document><chunk><cameras><camera id="0"/></cameras></chunk></document>',
      'missingElement',
      'camera/@label',
    );
  });
});
