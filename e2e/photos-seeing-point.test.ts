/**
 * The 3D view's "photos that see this point" and projection (issue 12, points 3 and 6), in a real browser (Debian's
 * chromium, SwiftShader WebGL) against the built product. A project with the fixture tileset and an inspection of
 * generated one-colour photos; a point is clicked on the model, and the photos are then placed by the test around
 * it: eleven aimed at it along the line the view's camera saw it on (nothing of the model between), one aimed at it
 * from beyond the model (its frustum holds the point, the model hides it), one turned away. The list must hold
 * exactly the eleven, nearest first, each with the point at its image centre, as the test's own pinhole arithmetic
 * says; projected, a photo's colour covers the clicked spot; an eleventh projection is refused.
 */
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ecef, ecefDirectionToEnu, ecefToWgs84, enuFrame, wgs84, wgs84ToEcef, type Ecef } from '@sightline/geo';
import { LIMITS } from '@sightline/shared';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { attemptName } from './support/attempt';
import { aimedPose } from './support/aimed-pose';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { spotsFromCentre } from './support/model-clicks';
import { modelSphere, placedPose, seedInspectionPhotos, uploadModel } from './support/inspection-seed';
import { callApi, createProject, logInByApi, startSnapshotServer, text, zh } from './support/team-api';
import { tilesetFolderEntries } from './support/tileset-zip';

const SAMPLE = '1.0/TilesetWithDiscreteLOD';
const sampleDir = tilesetSample(SAMPLE);
const skipReason = browserSkipReason('e2e/photos-seeing-point.test.ts', { tileset: SAMPLE });

/** A quarter of the seeded camera's 5280 × 3956 (the M3E of e2e/support/inspection-seed.ts), same angles. */
const WIDTH = 1320;
const HEIGHT = 989;
const SENSOR = { widthMm: 17.3, heightMm: 13, focalMm: 12.29 };
const SEEING = LIMITS.projectedImagesMax + 1;
const MAGENTA = { r: 230, g: 20, b: 230 };

const solidPhoto = (colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();

type Pose = ReturnType<typeof aimedPose>;
const ecefOf = (p: { lon: number; lat: number; height: number }) => wgs84ToEcef(wgs84(p.lon, p.lat, p.height));

/**
 * Where `point` falls in a photo taken with `pose`, by the pinhole model written out here (not packages/geo's): the
 * camera looks along yaw (clockwise from north) and pitch (up), x to its right and y down its image; null behind it.
 */
function pixelOf(pose: Pose, point: Ecef): { u: number; v: number } | null {
  const origin = wgs84ToEcef(wgs84(pose.longitude, pose.latitude, pose.altitude));
  const [e, n, u] = ecefDirectionToEnu(
    [point.x - origin.x, point.y - origin.y, point.z - origin.z],
    enuFrame(wgs84(pose.longitude, pose.latitude, pose.altitude)),
  );
  const yaw = (pose.yaw * Math.PI) / 180;
  const pitch = (pose.pitch * Math.PI) / 180;
  const forward = [Math.sin(yaw) * Math.cos(pitch), Math.cos(yaw) * Math.cos(pitch), Math.sin(pitch)];
  const right = [Math.cos(yaw), -Math.sin(yaw), 0];
  const down = [Math.sin(yaw) * Math.sin(pitch), Math.cos(yaw) * Math.sin(pitch), -Math.cos(pitch)];
  const dot = (a: number[]) => a[0]! * e + a[1]! * n + a[2]! * u;
  const depth = dot(forward);
  if (depth <= 0) return null;
  const focalPx = (SENSOR.focalMm / SENSOR.widthMm) * WIDTH;
  return { u: WIDTH / 2 + (focalPx * dot(right)) / depth, v: HEIGHT / 2 + (focalPx * dot(down)) / depth };
}
const inImage = (pixel: { u: number; v: number } | null) =>
  pixel !== null && pixel.u >= 0 && pixel.u <= WIDTH && pixel.v >= 0 && pixel.v <= HEIGHT;

/**
 * Where the line from `point` along `direction` (a unit vector) leaves the tileset's root box, and 1 m beyond: outside
 * the model whatever its shape. The box stands on the ground; a line leaving through its bottom stops 1 m above it.
 */
function beyondModel(point: Ecef, direction: readonly [number, number, number]): Ecef {
  const tileset = JSON.parse(
    Buffer.from(tilesetFolderEntries(sampleDir as string)['tileset.json'] as Uint8Array).toString('utf8'),
  ) as { root: { transform: number[]; boundingVolume: { box: number[] } } };
  const m = tileset.root.transform;
  const box = tileset.root.boundingVolume.box;
  const centre = [m[12]!, m[13]!, m[14]!];
  const offset = [point.x - centre[0]!, point.y - centre[1]!, point.z - centre[2]!];
  let exit = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    // The box's half axis i, taken into ECEF by the transform's rotation and scale (column-major).
    const half = [0, 1, 2].map((row) => [0, 1, 2].reduce((sum, k) => sum + m[k * 4 + row]! * box[3 + i * 3 + k]!, 0));
    const length = Math.hypot(...half);
    const axis = half.map((value) => value / length);
    const along = axis.reduce((sum, value, k) => sum + value * direction[k]!, 0);
    const from = axis.reduce((sum, value, k) => sum + value * offset[k]!, 0);
    if (Math.abs(along) > 1e-9) exit = Math.min(exit, Math.max((length - from) / along, (-length - from) / along));
  }
  const at = (t: number) => ecef(point.x + direction[0] * t, point.y + direction[1] * t, point.z + direction[2] * t);
  const heightAt = (t: number) => ecefToWgs84(at(t)).height;
  const start = heightAt(0);
  const end = heightAt(exit + 1);
  return end >= 1 ? at(exit + 1) : at(((exit + 1) * (start - 1)) / (start - end));
}

/** The colour at (x, y) of a screenshot. */
function colourAt(png: PNG, x: number, y: number) {
  const o = (Math.round(y) * png.width + Math.round(x)) * 4;
  return { r: png.data[o]!, g: png.data[o + 1]!, b: png.data[o + 2]! };
}
const isMagenta = ({ r, g, b }: { r: number; g: number; b: number }) => r > 170 && b > 170 && g < 100;
/** Whether a pixel of the mark colour (#fa541c) lies within `radius` of (x, y). */
function markedNear(png: PNG, x: number, y: number, radius = 6): boolean {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const { r, g, b } = colourAt(png, x + dx, y + dy);
      if (r > 200 && g > 40 && g < 140 && b < 90) return true;
    }
  }
  return false;
}

describe.skipIf(skipReason !== null)('photos that see a point, and projection, in the 3D view', () => {
  const suite = browserSuite(startSnapshotServer);
  const signedInPage = (token: string, pathname: string) =>
    suite.signedInPage(token, pathname, { width: 1280, height: 760 }, 'dark');

  it(
    'lists exactly the photos whose frustum holds the clicked point unhidden, and projects up to 10',
    { timeout: 900_000 },
    async () => {
      const server = suite.server;
      const token = await logInByApi(server, 'demoowner');
      const projectId = await createProject(server, token, attemptName('Sight Bridge'));
      await uploadModel(server, token, projectId, sampleDir as string);
      const photos = [
        ...(await Promise.all(
          Array.from({ length: SEEING }, async (_, i) => ({
            name: `SEE_${String(i).padStart(2, '0')}.JPG`,
            bytes: await solidPhoto(MAGENTA),
          })),
        )),
        { name: 'BEHIND.JPG', bytes: await solidPhoto({ r: 20, g: 200, b: 40 }) },
        { name: 'AWAY.JPG', bytes: await solidPhoto({ r: 30, g: 60, b: 230 }) },
      ];
      const { inspection, images } = await seedInspectionPhotos(server, token, projectId, 'Sight 2026', photos, 12);
      const byName = new Map(images.map((image) => [image.name, image]));
      const setPoses = async (poses: Map<number, Pose>) => {
        for (const [imageId, pose] of poses) {
          const adjusted = await callApi(server, '/inspection-image/pose/add', {
            method: 'POST',
            token,
            body: { mode: 'absolute', inspectionId: inspection.id, imageId, pose },
          });
          expect(adjusted.code, `${adjusted.msg} ${JSON.stringify(adjusted.data)}`).toBe(2000);
        }
      };
      // First every photo looks at the sky above the model: none sees anything.
      const { radius } = modelSphere(sampleDir as string);
      await setPoses(
        new Map(images.map((image) => [image.id, placedPose(sampleDir as string, 0, 0, radius + 50, 0, 45)])),
      );

      const page = await signedInPage(token, `/home/projects/${projectId}/view`);
      await expect
        .poll(() => page.getByTestId('project-scene').getAttribute('data-render-state'), { timeout: 120_000 })
        .toBe('idle');
      const tool = page.getByTestId('viewer-photo-sight');
      await expect.poll(() => tool.isEnabled(), { timeout: 30_000 }).toBe(true);
      const sight = page.getByTestId('photo-sight');
      const canvas = page.locator('[data-testid="model-viewer"] canvas').first();
      const box = (await canvas.boundingBox())!;

      const candidates = spotsFromCentre(box.width, box.height);
      await tool.click();
      await expect.poll(() => sight.getAttribute('data-state')).toBe('picking');
      await sight.getByText(zh.photoSight.hint).waitFor();
      let clicked: [number, number] | undefined;
      for (const at of candidates) {
        await page.mouse.click(box.x + at[0], box.y + at[1]);
        await page.waitForTimeout(300);
        if ((await sight.getAttribute('data-state')) !== 'picking') {
          clicked = at;
          break;
        }
      }
      if (!clicked) throw new Error('no click landed on the model');
      await expect.poll(() => sight.getAttribute('data-state'), { timeout: 60_000 }).toBe('found');
      await sight.getByText(zh.photoSight.none).waitFor();
      const point = ecefOf(
        JSON.parse((await sight.getAttribute('data-point'))!) as { lon: number; lat: number; height: number },
      );
      const camera = ecefOf(
        JSON.parse((await sight.getAttribute('data-camera'))!) as { lon: number; lat: number; height: number },
      );

      // The photos placed around the point: aimed along the camera's line of sight at 12, 14 ... 32 m; one aimed back
      // at it from where that line leaves the model (the model between); one at 21 m turned away from it.
      const poses = new Map<number, Pose>();
      const seeing = images
        .filter((image) => image.name.startsWith('SEE_'))
        .sort((a, b) => a.name.localeCompare(b.name));
      seeing.forEach((image, i) => poses.set(image.id, aimedPose(camera, point, 12 + 2 * i)));
      const lineOfSight = [point.x - camera.x, point.y - camera.y, point.z - camera.z];
      const sightLength = Math.hypot(...lineOfSight);
      const beyond = beyondModel(point, lineOfSight.map((value) => value / sightLength) as [number, number, number]);
      const behindPose = aimedPose(
        beyond,
        point,
        Math.hypot(beyond.x - point.x, beyond.y - point.y, beyond.z - point.z),
      );
      poses.set(byName.get('BEHIND.JPG')!.id, behindPose);
      const away = aimedPose(camera, point, 21);
      poses.set(byName.get('AWAY.JPG')!.id, { ...away, yaw: away.yaw + 180, pitch: -away.pitch });
      await setPoses(poses);
      // The test's own reckoning: the eleven and the one beyond hold the point in their frustum, the turned one not.
      expect(inImage(pixelOf(poses.get(byName.get('BEHIND.JPG')!.id)!, point))).toBe(true);
      expect(inImage(pixelOf(poses.get(byName.get('AWAY.JPG')!.id)!, point))).toBe(false);
      for (const image of seeing) expect(inImage(pixelOf(poses.get(image.id)!, point))).toBe(true);

      // The same spot again: now exactly the eleven with a clear view, nearest first, the point at each one's centre.
      await tool.click();
      await expect.poll(() => sight.getAttribute('data-state')).toBe('picking');
      await page.mouse.click(box.x + clicked[0], box.y + clicked[1]);
      await expect.poll(() => sight.getAttribute('data-state'), { timeout: 60_000 }).toBe('found');
      const again = ecefOf(
        JSON.parse((await sight.getAttribute('data-point'))!) as { lon: number; lat: number; height: number },
      );
      expect(Math.hypot(again.x - point.x, again.y - point.y, again.z - point.z)).toBeLessThan(0.05);
      await sight.getByText(text(zh.photoSight.found, { count: SEEING })).waitFor();
      const items = sight.getByTestId('photo-sight-item');
      const listed = await items.evaluateAll((nodes) =>
        nodes.map((node) => ({
          id: Number(node.getAttribute('data-image-id')),
          u: Number(node.getAttribute('data-u')),
          v: Number(node.getAttribute('data-v')),
        })),
      );
      expect(listed.map((item) => item.id)).toEqual(seeing.map((image) => image.id));
      for (const item of listed) {
        const expected = pixelOf(poses.get(item.id)!, again)!;
        expect(Math.abs(item.u - expected.u), `u of ${item.id}`).toBeLessThan(2);
        expect(Math.abs(item.v - expected.v), `v of ${item.id}`).toBeLessThan(2);
      }
      await expect.poll(() => sight.getByTestId('photo-sight-mark').count()).toBe(SEEING);
      await page.screenshot({ path: screenshotPath('photos-seeing-point-dark-zh') });

      // Projected, the nearest photo's magenta covers the clicked spot, which the model's colours did not.
      const viewer = page.getByTestId('model-viewer');
      const viewerBox = (await viewer.boundingBox())!;
      const spot = { x: box.x - viewerBox.x + clicked[0], y: box.y - viewerBox.y + clicked[1] };
      const before = PNG.sync.read(await viewer.screenshot());
      expect(isMagenta(colourAt(before, spot.x, spot.y))).toBe(false);
      await page.getByTestId(`photo-sight-project-${seeing[0]!.id}`).click();
      await expect.poll(() => sight.getAttribute('data-projection'), { timeout: 60_000 }).toBe('drawn');
      await page.waitForTimeout(300);
      const projected = PNG.sync.read(
        await viewer.screenshot({ path: screenshotPath('photos-seeing-point-projected') }),
      );
      expect(isMagenta(colourAt(projected, spot.x, spot.y)), JSON.stringify(colourAt(projected, spot.x, spot.y))).toBe(
        true,
      );

      // Ten at once, and no more: the eleventh is refused in words.
      for (const image of seeing.slice(1, LIMITS.projectedImagesMax)) {
        await page.getByTestId(`photo-sight-project-${image.id}`).click();
      }
      await expect.poll(() => sight.getAttribute('data-projection'), { timeout: 90_000 }).toBe('drawn');
      await sight
        .getByText(text(zh.photoSight.projected, { count: LIMITS.projectedImagesMax, max: LIMITS.projectedImagesMax }))
        .waitFor();
      await page.getByTestId(`photo-sight-project-${seeing[LIMITS.projectedImagesMax]!.id}`).click();
      await page.getByText(text(zh.photoSight.tooMany, { max: LIMITS.projectedImagesMax })).waitFor();
      expect((await sight.getAttribute('data-projected'))?.split(',')).toHaveLength(LIMITS.projectedImagesMax);
      await page.screenshot({ path: screenshotPath('photos-seeing-point-ten-projected-dark-zh') });

      // Cleared, the spot shows the model again.
      await page.getByTestId('photo-sight-clear').click();
      await expect.poll(() => sight.getAttribute('data-projection')).toBe('none');
      await page.waitForTimeout(500);
      expect(isMagenta(colourAt(PNG.sync.read(await viewer.screenshot()), spot.x, spot.y))).toBe(false);

      // With the photo layer on, the photos found are drawn in the mark colour; the one beyond the model is not.
      await page.getByTestId('viewer-photo-layer').click();
      await page.getByTestId('photo-layer-switch').click();
      await page.getByTestId('viewer-photo-layer').click();
      await page.getByTestId('photo-layer-panel').waitFor({ state: 'hidden' });
      const layer = page.getByTestId('photo-layer');
      await expect.poll(() => layer.getAttribute('data-state'), { timeout: 120_000 }).toBe('drawn');
      await page.waitForTimeout(500);
      const anchors = JSON.parse((await layer.getAttribute('data-anchors')) ?? '[]') as Array<{
        id: number;
        x: number;
        y: number;
      }>;
      const marked = PNG.sync.read(await canvas.screenshot({ path: screenshotPath('photos-seeing-point-marked') }));
      const anchorOf = (id: number) => anchors.find((anchor) => anchor.id === id);
      const nearest = anchorOf(seeing[0]!.id);
      const behind = anchorOf(byName.get('BEHIND.JPG')!.id);
      expect(nearest && behind, JSON.stringify(anchors)).toBeTruthy();
      expect(markedNear(marked, nearest!.x, nearest!.y)).toBe(true);
      expect(markedNear(marked, behind!.x, behind!.y)).toBe(false);
    },
  );
});
