import { WGS84_A, WGS84_E2 } from '@sightline/geo';
import { describe, expect, it } from 'vitest';
import { parsePoseExport } from './parse-pose-export.js';
import { PoseExportError } from './types.js';

/**
 * A small aerotriangulation export written after the BlocksExchange specification in the ContextCapture user guide
 * ("BlocksExchange XML/XMLZ format") and Bentley's "CC Orientations" page: an ENU block as ContextCapture writes for
 * an AT result, one photogroup of a DJI FC220 (focal length in mm with the sensor's largest dimension; principal
 * point in pixels from the centre of the upper-left pixel) and three photos: nadir, oblique in the photogrammetric
 * "XRightYUp" axes (second photogroup), and one without pose. The numbers are ours, chosen so the expected values
 * below can be worked by hand.
 */
const c30 = Math.cos(Math.PI / 6);
const ENU_BLOCK = `<?xml version="1.0" encoding="utf-8"?>
<BlocksExchange version="3.2">
  <SpatialReferenceSystems>
    <SRS>
      <Id>0</Id>
      <Name>WGS 84 (EPSG:4326)</Name>
      <Definition>EPSG:4326</Definition>
    </SRS>
    <SRS>
      <Id>1</Id>
      <Name>Local East-North-Up (ENU); origin: 53.918800N 27.576700E</Name>
      <Definition>ENU:53.9188,27.5767</Definition>
    </SRS>
  </SpatialReferenceSystems>
  <Block>
    <Name>Block_1 - AT</Name>
    <Description>Result of aerotriangulation of Block_1</Description>
    <SRSId>1</SRSId>
    <Photogroups>
      <Photogroup>
        <Name>FC220</Name>
        <ImageDimensions>
          <Width>4000</Width>
          <Height>2250</Height>
        </ImageDimensions>
        <CameraModelType>Perspective</CameraModelType>
        <CameraModelBand>Visible</CameraModelBand>
        <FocalLength>4.73</FocalLength>
        <SensorSize>6.17</SensorSize>
        <CameraOrientation>XRightYDown</CameraOrientation>
        <PrincipalPoint>
          <x>2011.5</x>
          <y>1119.5</y>
        </PrincipalPoint>
        <AspectRatio>1</AspectRatio>
        <Skew>0</Skew>
        <Distortion>
          <K1>-0.0124</K1>
          <K2>0.0251</K2>
          <K3>-0.0093</K3>
          <P1>0.0004</P1>
          <P2>-0.0002</P2>
        </Distortion>
        <Photo>
          <Id>0</Id>
          <ImagePath>D:\\Flights\\2026-03-26\\DJI_0012.JPG</ImagePath>
          <Component>1</Component>
          <Pose>
            <Rotation>
              <M_00>1</M_00><M_01>0</M_01><M_02>0</M_02>
              <M_10>0</M_10><M_11>-1</M_11><M_12>0</M_12>
              <M_20>0</M_20><M_21>0</M_21><M_22>-1</M_22>
              <Accurate>true</Accurate>
            </Rotation>
            <Center>
              <x>10</x>
              <y>20</y>
              <z>100</z>
              <Accurate>true</Accurate>
            </Center>
          </Pose>
          <ExifData>
            <GPS><Latitude>53.9189</Latitude><Longitude>27.5768</Longitude><Altitude>336.755</Altitude></GPS>
            <FocalLength>4.73</FocalLength>
            <Make>DJI</Make>
            <Model>FC220</Model>
          </ExifData>
        </Photo>
        <Photo>
          <Id>1</Id>
          <ImagePath>D:/Flights/2026-03-26/DJI_0013.JPG</ImagePath>
          <Component>0</Component>
        </Photo>
      </Photogroup>
      <Photogroup>
        <Name>FC220 oblique</Name>
        <ImageDimensions>
          <Width>4000</Width>
          <Height>2250</Height>
        </ImageDimensions>
        <FocalLengthPixels>3066.45</FocalLengthPixels>
        <CameraOrientation>XRightYUp</CameraOrientation>
        <Photo>
          <Id>2</Id>
          <ImagePath>DJI_0030.JPG</ImagePath>
          <Pose>
            <Rotation>
              <M_00>0</M_00><M_01>-1</M_01><M_02>0</M_02>
              <M_10>0.5</M_10><M_11>0</M_11><M_12>${c30}</M_12>
              <M_20>${-c30}</M_20><M_21>0</M_21><M_22>0.5</M_22>
            </Rotation>
            <Center><x>-5</x><y>0</y><z>40</z></Center>
          </Pose>
        </Photo>
      </Photogroup>
    </Photogroups>
  </Block>
</BlocksExchange>`;

/**
 * Hand calculation of a small east/north offset at height h: latitude moves by n / (M + h), longitude by
 * e / ((N + h) cos φ), with the meridian radius M = a(1 - e²) / (1 - e² sin²φ)^1.5 and the prime vertical radius
 * N = a / (1 - e² sin²φ)^0.5. Over tens of metres the omitted terms are below 1e-10 degree.
 */
function offset(lat: number, lon: number, east: number, north: number, h: number): { lat: number; lon: number } {
  const phi = (lat * Math.PI) / 180;
  const w = 1 - WGS84_E2 * Math.sin(phi) ** 2;
  const m = (WGS84_A * (1 - WGS84_E2)) / w ** 1.5;
  const n = WGS84_A / Math.sqrt(w);
  return {
    lat: lat + (north / (m + h)) * (180 / Math.PI),
    lon: lon + (east / ((n + h) * Math.cos(phi))) * (180 / Math.PI),
  };
}

describe('BlocksExchange XML (ENU block written after the specification)', () => {
  const result = parsePoseExport(ENU_BLOCK);

  it('reads the block reference system and every photo, named by its file name', () => {
    expect(result.format).toBe('blocks-exchange');
    expect(result.coordinateReference).toMatchObject({ kind: 'enu', definition: 'ENU:53.9188,27.5767' });
    expect(result.photos.map((p) => [p.source, p.name])).toEqual([
      ['D:\\Flights\\2026-03-26\\DJI_0012.JPG', 'DJI_0012.JPG'],
      ['D:/Flights/2026-03-26/DJI_0013.JPG', 'DJI_0013.JPG'],
      ['DJI_0030.JPG', 'DJI_0030.JPG'],
    ]);
  });

  it('intrinsics: focal length in pixels from mm and sensor size, principal point moved to the corner origin', () => {
    expect(result.photos[0]?.intrinsics).toEqual({
      width: 4000,
      height: 2250,
      // 4.73 mm × 4000 px / 6.17 mm
      focalLengthPx: (4.73 * 4000) / 6.17,
      fx: (4.73 * 4000) / 6.17,
      fy: (4.73 * 4000) / 6.17,
      skew: 0,
      cx: 2012,
      cy: 1120,
      distortion: { k1: -0.0124, k2: 0.0251, k3: -0.0093, k4: 0, p1: 0.0004, p2: -0.0002 },
      distortionConvention: 'blocks-exchange',
    });
    // No principal point given: the image centre.
    expect(result.photos[2]?.intrinsics).toMatchObject({ focalLengthPx: 3066.45, cx: 2000, cy: 1125 });
  });

  it('nadir photo: 10 m east, 20 m north, 100 m up from the origin; top of the image to the north', () => {
    const photo = result.photos[0];
    expect(photo?.centre).toEqual([10, 20, 100]);
    expect(photo?.axes).toEqual({ right: [1, 0, 0], down: [0, -1, 0], forward: [0, 0, -1] });
    const pose = photo?.pose;
    if (!pose) throw new Error('no pose');
    const expected = offset(53.9188, 27.5767, 10, 20, 100);
    // The hand formula leaves out second-order terms (the tangent plane leaves the ellipsoid by 22² / (2 × 6.4e6 m),
    // 0.04 mm): 1e-8 degree (1 mm) is the tolerance, still a hundred times finer than any photo's position.
    expect(pose.latitude).toBeCloseTo(expected.lat, 8);
    expect(pose.longitude).toBeCloseTo(expected.lon, 8);
    expect(pose.height).toBeCloseTo(100, 3);
    // "Down" at the origin and at the camera 22 m away differ by 22 m / 6.4e6 m = 2e-4 degree.
    expect(pose.pitch).toBeCloseTo(-90, 3);
    // The ENU frame at the camera is turned by Δλ·sin φ (about 1.2e-4 degree) from the block origin's.
    expect(pose.yaw).toBeCloseTo(0, 3);
    expect(pose.roll).toBe(0);
  });

  it('a photo without pose stays listed, without centre, axes or pose', () => {
    expect(result.photos[1]).toMatchObject({ name: 'DJI_0013.JPG', centre: null, axes: null, pose: null });
  });

  it('XRightYUp rows (x right, y up, z backwards) give the same camera: looking east, 30° down', () => {
    const photo = result.photos[2];
    const axes = photo?.axes;
    if (!axes || !photo.pose) throw new Error('no pose');
    // Canonical axes: forward = -(row z), down = -(row y), right = row x.
    expect(axes.forward[0]).toBeCloseTo(c30, 12);
    expect(axes.forward[2]).toBeCloseTo(-0.5, 12);
    expect(axes.down[0]).toBeCloseTo(-0.5, 12);
    expect(axes.right).toEqual([0, -1, 0]);
    // North at the camera, 5 m west of the origin, is turned by Δλ·sin φ = 6.2e-5 degree from north at the origin.
    expect(photo.pose.yaw).toBeCloseTo(90 - 6.2e-5, 6);
    expect(photo.pose.pitch).toBeCloseTo(-30, 4);
    expect(photo.pose.roll).toBeCloseTo(0, 4);
    expect(photo.pose.height).toBeCloseTo(40, 3);
  });
});

/**
 * An ECEF block (EPSG:4978) whose centre is the worked example of IOGP Guidance Note 7-2, section 2.2.1:
 * X 3771793.968, Y 140253.342, Z 5124304.349 m <-> 53°48'33.820"N, 2°07'46.380"E, 73.0 m. The camera looks north,
 * level: its rows (world to camera) are east, -up and north at that place, written from sin and cos of φ and λ.
 */
function ecefBlock(srs: string): string {
  const phi = ((53 + 48 / 60 + 33.82 / 3600) * Math.PI) / 180;
  const lambda = ((2 + 7 / 60 + 46.38 / 3600) * Math.PI) / 180;
  const [sp, cp, sl, cl] = [Math.sin(phi), Math.cos(phi), Math.sin(lambda), Math.cos(lambda)];
  const rows = [
    [-sl, cl, 0],
    [-cp * cl, -cp * sl, -sp],
    [-sp * cl, -sp * sl, cp],
  ];
  const m = rows.flatMap((row, i) => row.map((v, j) => `<M_${i}${j}>${v}</M_${i}${j}>`));
  return `<BlocksExchange version="2.1">
  <SpatialReferenceSystems><SRS><Id>3</Id><Name>ECEF</Name><Definition>${srs}</Definition></SRS></SpatialReferenceSystems>
  <Block><SRSId>3</SRSId><Photogroups><Photogroup>
    <ImageDimensions><Width>640</Width><Height>512</Height></ImageDimensions>
    <FocalLength>13</FocalLength><PixelSize>0.017</PixelSize>
    <Photo><Id>7</Id><ImagePath>exifr_001.tif</ImagePath>
      <Pose><Rotation>${m.join('')}</Rotation>
      <Center><x>3771793.968</x><y>140253.342</y><z>5124304.349</z></Center></Pose>
    </Photo>
  </Photogroup></Photogroups></Block>
</BlocksExchange>`;
}

describe('BlocksExchange in ECEF and in systems we do not convert', () => {
  it('EPSG:4978: the IOGP worked example position, looking north and level', () => {
    const result = parsePoseExport(ecefBlock('EPSG:4978'));
    expect(result.coordinateReference.kind).toBe('ecef');
    const photo = result.photos[0];
    expect(photo?.intrinsics?.focalLengthPx).toBeCloseTo(13 / 0.017, 9);
    const pose = photo?.pose;
    if (!pose) throw new Error('no pose');
    // The example's ECEF is rounded to the millimetre: 1e-8 degree (1 mm) and 1 mm in height.
    expect(pose.latitude).toBeCloseTo(53 + 48 / 60 + 33.82 / 3600, 8);
    expect(pose.longitude).toBeCloseTo(2 + 7 / 60 + 46.38 / 3600, 8);
    expect(pose.height).toBeCloseTo(73, 3);
    expect(pose.yaw).toBeCloseTo(0, 6);
    expect(pose.pitch).toBeCloseTo(0, 6);
    expect(pose.roll).toBeCloseTo(0, 6);
  });

  it('a map projection (EPSG:2154, the specification’s Lambert 93): positions kept, no WGS84 pose', () => {
    const result = parsePoseExport(ecefBlock('EPSG:2154'));
    expect(result.coordinateReference).toEqual({ kind: 'unsupported', definition: 'EPSG:2154' });
    expect(result.photos[0]?.centre).toEqual([3771793.968, 140253.342, 5124304.349]);
    expect(result.photos[0]?.pose).toBeNull();
  });

  it('no SRSId: a local Cartesian frame', () => {
    const xml = ecefBlock('EPSG:4978').replace('<SRSId>3</SRSId>', '');
    expect(parsePoseExport(xml).coordinateReference).toEqual({ kind: 'local', definition: '' });
  });
});

describe('bad BlocksExchange files name the element at fault', () => {
  const errorOf = (xml: string): PoseExportError => {
    try {
      parsePoseExport(xml);
    } catch (error) {
      if (error instanceof PoseExportError) return error;
      throw error;
    }
    throw new Error('no error');
  };

  it('missing image dimensions, focal length, a rotation entry; bad numbers; unknown SRS', () => {
    const withoutWidth = ENU_BLOCK.replace('<Width>4000</Width>', '');
    expect(errorOf(withoutWidth)).toMatchObject({
      reason: 'missingElement',
      attribute: 'Photogroup[FC220]/ImageDimensions/Width',
    });
    const withoutFocal = ENU_BLOCK.replace('<FocalLengthPixels>3066.45</FocalLengthPixels>', '');
    expect(errorOf(withoutFocal)).toMatchObject({
      reason: 'missingElement',
      attribute: 'Photogroup[FC220 oblique]/FocalLength',
    });
    const withoutM12 = ENU_BLOCK.replace(`<M_12>${c30}</M_12>`, '');
    expect(errorOf(withoutM12)).toMatchObject({
      reason: 'missingElement',
      attribute: 'Photo[DJI_0030.JPG]/Rotation/M_12',
    });
    const badCentre = ENU_BLOCK.replace('<x>10</x>', '<x>ten</x>');
    expect(errorOf(badCentre)).toMatchObject({
      reason: 'badValue',
      attribute: 'Photo[D:\\Flights\\2026-03-26\\DJI_0012.JPG]/Pose/Center/x',
    });
    expect(errorOf(ENU_BLOCK.replace('<SRSId>1</SRSId>', '<SRSId>9</SRSId>'))).toMatchObject({
      reason: 'badValue',
      attribute: 'Block/SRSId',
    });
    expect(errorOf(ENU_BLOCK.replace('XRightYUp', 'XForwardYUp'))).toMatchObject({
      reason: 'badValue',
      attribute: 'Photo[DJI_0030.JPG]/CameraOrientation',
    });
  });

  it('not XML, truncated XML, another XML document, no photos', () => {
    expect(errorOf('')).toMatchObject({ reason: 'notXml' });
    expect(errorOf('\u0000\u0001binary')).toMatchObject({ reason: 'notXml' });
    expect(errorOf(ENU_BLOCK.slice(0, 2000))).toMatchObject({ reason: 'notXml' });
    expect(errorOf('<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>')).toMatchObject({
      reason: 'unknownFormat',
    });
    expect(errorOf('<BlocksExchange version="2.1"><Block><Photogroups/></Block></BlocksExchange>')).toMatchObject({
      reason: 'noPhotos',
    });
    expect(errorOf('<BlocksExchange version="2.1"/>')).toMatchObject({
      reason: 'missingElement',
      attribute: 'BlocksExchange/Block',
    });
  });

  it('reads bytes with a byte-order mark as text', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(ENU_BLOCK)]);
    expect(parsePoseExport(bytes).photos).toHaveLength(3);
  });
});
