/**
 * What browser journeys on the 3D view set up over the API: a project's model uploaded over tus and unzipped, an
 * inspection whose photos are uploaded and ingested, and camera poses placed by hand around the fixture model
 * (the fixture drone photos were not taken of it).
 */
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { ecef, ecefToWgs84, enu, enuFrame, enuToWgs84 } from '@sightline/geo';
import {
  INSPECTION_IMAGE_UPLOAD_PATH,
  MODEL_UPLOAD_PATH,
  type InspectionDetail,
  type InspectionImage,
  type Page as ApiPage,
} from '@sightline/shared';
import { missingFixtureMessage, readFixture, tilesetSample } from '@sightline/imagery/test-fixtures';
import type { AppServer } from './app-server.js';
import { browserSkipReason } from './browser.js';
import { apiData, createProject, logInByApi, restoreChinese } from './team-api.js';
import { tilesetFolderEntries } from './tileset-zip.js';

/** The fixture tileset these journeys load: the dragon, about a kilometre long. */
export const MODEL_SAMPLE = '1.0/TilesetWithDiscreteLOD';

/**
 * The fixture model's folder and the named fixture drone photos, or why the journeys of `testFile` cannot run (a
 * fixture or the browser is missing), said once on the console.
 */
export function modelAndPhotoFixtures(testFile: string, names: readonly string[]) {
  const sampleDir = tilesetSample(MODEL_SAMPLE);
  const photos = names.map((name) => ({ name, bytes: readFixture('drone-photos', name) }));
  const skipReason = browserSkipReason(testFile, {
    tileset: MODEL_SAMPLE,
    fixture: photos.some((photo) => !photo.bytes) ? missingFixtureMessage('drone-photos', names.join(', ')) : null,
  });
  return {
    sampleDir: sampleDir ?? '',
    photos: photos.map(({ name, bytes }) => ({ name, bytes: bytes ?? Buffer.alloc(0) })),
    skipReason,
  };
}

/** A camera with the fixture photos' size (DJI Mavic 3E). */
const CAMERAS =
  'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx\nM3E,17.3,13,12.29,5280,3956\n';

/** A tus upload in two requests (creation, then every byte), as the server tests' factories send it. */
export async function tusUpload(
  url: string,
  uploadPath: string,
  token: string,
  metadata: Record<string, string>,
  bytes: Buffer,
) {
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await fetch(`${url}${uploadPath}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': encoded,
    },
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location')!, url).toString();
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  expect(patched.status).toBe(204);
}

/** The fixture tileset's root box as a sphere: its transform's translation, and its half-axes scaled by it. */
export function modelSphere(sampleDir: string) {
  const tileset = JSON.parse(
    Buffer.from(tilesetFolderEntries(sampleDir)['tileset.json'] as Uint8Array).toString('utf8'),
  ) as { root: { transform: number[]; boundingVolume: { box: number[] } } };
  const t = tileset.root.transform;
  const box = tileset.root.boundingVolume.box;
  // The box is centred on the root's origin; the transform scales it (the dragon is about a kilometre long).
  const scale = Math.hypot(t[0]!, t[1]!, t[2]!);
  const radius = Math.hypot(box[3]!, box[7]!, box[11]!) * scale;
  return { centre: ecefToWgs84(ecef(t[12]!, t[13]!, t[14]!)), radius };
}

/** A photo placed `east`/`north`/`up` metres from the model's centre, looking along `yaw`/`pitch`. */
export function placedPose(sampleDir: string, east: number, north: number, up: number, yaw: number, pitch: number) {
  const at = enuToWgs84(enu(east, north, up), enuFrame(modelSphere(sampleDir).centre));
  return { longitude: at.lon, latitude: at.lat, altitude: at.height, yaw, pitch, roll: 0 };
}

/** Uploads the tileset folder zipped, as the browser sends it, and waits until the server has unzipped it. */
export async function uploadModel(server: AppServer, token: string, projectId: number, sampleDir: string) {
  const zip = Buffer.from(zipSync(tilesetFolderEntries(sampleDir)));
  await tusUpload(server.url, MODEL_UPLOAD_PATH, token, { projectId: String(projectId), filename: 'dragon.zip' }, zip);
  await expect
    .poll(
      async () =>
        (await apiData<{ state: string } | null>(server, `/project-model/findByProjectId/${projectId}`, { token }))
          ?.state,
      { timeout: 90_000, interval: 500 },
    )
    .toBe('done');
}

/** An inspection with one image group whose photos are uploaded and ingested; answers it and its photos. */
export async function seedInspectionPhotos(
  server: AppServer,
  token: string,
  projectId: number,
  name: string,
  photos: ReadonlyArray<{ name: string; bytes: Buffer }>,
  photoDistance: number,
): Promise<{ inspection: InspectionDetail; images: InspectionImage[] }> {
  const cameras = new FormData();
  cameras.append('file', new Blob([CAMERAS], { type: 'text/csv' }), 'cameras.csv');
  await apiData(server, '/camera-param/import', { method: 'POST', token, form: cameras });
  const cameraList = await apiData<Array<{ id: number; model: string }>>(server, '/camera-param/list', { token });
  const cameraParamId = cameraList.find((camera) => camera.model === 'M3E')!.id;
  const inspection = await apiData<InspectionDetail>(server, '/inspection-task/add', {
    method: 'POST',
    token,
    body: {
      projectId,
      name,
      inspectionDate: '2026-05-01',
      imageGroups: [{ name: 'Deck', cameraParamId, photoDistance }],
    },
  });
  const groupId = inspection.imageGroups[0]!.id;
  for (const photo of photos) {
    await tusUpload(
      server.url,
      INSPECTION_IMAGE_UPLOAD_PATH,
      token,
      { inspectionId: String(inspection.id), imageGroupId: String(groupId), category: 'normal', filename: photo.name },
      photo.bytes,
    );
  }
  let images: InspectionImage[] = [];
  await expect
    .poll(
      async () => {
        const page = await apiData<ApiPage<InspectionImage>>(server, '/inspection-image/findPage', {
          method: 'POST',
          token,
          body: { inspectionId: inspection.id, pageSize: 200 },
        });
        images = page.records;
        return images.filter((image) => image.state === 'processed').length;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(photos.length);
  return { inspection, images };
}

/**
 * The demo owner's project with the fixture model served and an inspection of `photos` ingested (the model zipped and
 * uploaded over tus as the browser sends it; the upload screen has its own journey in e2e/project.test.ts).
 */
export async function seedModelAndPhotos(
  server: AppServer,
  sampleDir: string,
  names: { project: string; inspection: string },
  photos: ReadonlyArray<{ name: string; bytes: Buffer }>,
  photoDistance: number,
) {
  const token = await logInByApi(server, 'demoowner');
  const projectId = await createProject(server, token, names.project);
  await uploadModel(server, token, projectId, sampleDir);
  const seeded = await seedInspectionPhotos(server, token, projectId, names.inspection, photos, photoDistance);
  return { token, projectId, ...seeded };
}

/**
 * Picks a language in the header's switcher and waits until the choice is saved and the menu closed. The choice is
 * kept with the user: should the test fail before it switches back, the user gets Chinese again, so that a retry
 * (and the journeys after it) start in Chinese as the first attempt did.
 */
export async function pickLanguage(page: Page, label: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const origin = new URL(page.url()).origin;
  if (token) onTestFailed(() => restoreChinese(origin, token));
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user-client') && response.ok());
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: label }).click();
  await saved;
  await expect.poll(() => page.locator('.ant-dropdown-menu:visible').count()).toBe(0);
}
