import sharp from 'sharp';
import { expect } from 'vitest';
import type { Defect, DefectType } from '@sightline/shared';
import type { AppServer } from './app-server';
import { modelSphere, placedPose, seedInspectionPhotos, uploadModel } from './inspection-seed';
import { apiData, callApi, createProject, logInByApi } from './team-api';

/** A plain JPEG of one colour, a photo's stand-in whose pixels the defects are drawn on. */
export const plainPhoto = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/**
 * The demo owner's new project with the fixture model in `sampleDir` and an inspection of plain `width` × `height`
 * photos of the colours named, in one group shot at 12 m; `photo` finds one by its name.
 */
export async function seedPlainPhotos(
  server: AppServer,
  sampleDir: string,
  names: { project: string; inspection: string },
  size: { width: number; height: number },
  colours: Record<string, readonly [number, number, number]>,
) {
  const token = await logInByApi(server, 'demoowner');
  const projectId = await createProject(server, token, names.project);
  await uploadModel(server, token, projectId, sampleDir);
  const photos = await Promise.all(
    Object.entries(colours).map(async ([name, [r, g, b]]) => ({
      name,
      bytes: await plainPhoto(size.width, size.height, r, g, b),
    })),
  );
  const { inspection, images } = await seedInspectionPhotos(server, token, projectId, names.inspection, photos, 12);
  const photo = (name: string) => images.find((image) => image.name === name)!;
  return { token, projectId, inspection, photo };
}

/** The project's crack and spalling types, and `create`, which makes a defect over the API (no description unless given). */
export async function defectMaker(server: AppServer, token: string, projectId: number) {
  const types = await apiData<DefectType[]>(server, '/disease-type/list', {
    token,
    query: { projectId: String(projectId) },
  });
  return {
    crack: types.find((type) => type.code === 'crack')!,
    spalling: types.find((type) => type.code === 'spalling')!,
    create: (body: object) =>
      apiData<Defect>(server, '/inspection-disease', { method: 'POST', token, body: { description: '', ...body } }),
  };
}

/** A crack's shape: 120 px long and 3 px wide, level, centred on a `width` × `height` photo's centre, `dy` px below. */
export const centreCrack = (width: number, height: number, dy = 0) => ({
  kind: 'polyline',
  points: [
    [width / 2 - 60, height / 2 + dy],
    [width / 2 + 60, height / 2 + dy],
  ],
  widthPx: 3,
});

/**
 * Poses the photos so their optical axes lie on one line through the model's centre, from the first side around the
 * model where the server finds that axis meets the mesh: the first photo a little outside the centre, each next one
 * 5 % further back on the same line, so their centre pixels see the same place from farther and farther. Answers the
 * first photo's pose and how far its axis runs to the mesh.
 */
export async function poseOnOneAxis(
  server: AppServer,
  token: string,
  sampleDir: string,
  inspectionId: number,
  imageIds: readonly number[],
) {
  const { radius } = modelSphere(sampleDir);
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const pose = (azimuth: number, back: number) =>
    placedPose(
      sampleDir,
      Math.sin(toRad(azimuth)) * back,
      Math.cos(toRad(azimuth)) * back,
      back * 0.2,
      (azimuth + 180) % 360,
      -Math.atan2(0.2, 1) * (180 / Math.PI),
    );
  const place = async (imageId: number, candidate: ReturnType<typeof placedPose>) => {
    const adjusted = await callApi(server, '/inspection-image/pose/add', {
      method: 'POST',
      token,
      body: { mode: 'absolute', inspectionId, imageId, pose: candidate },
    });
    expect(adjusted.code, `${adjusted.msg} ${JSON.stringify(adjusted.data)}`).toBe(2000);
  };
  for (const azimuth of [0, 90, 180, 270, 45, 135, 225, 315]) {
    const first = pose(azimuth, radius * 0.9);
    await place(imageIds[0]!, first);
    const hit = await apiData<{ distanceM: number | null }>(server, '/inspection-image/find/collision/distance', {
      token,
      query: { imageId: String(imageIds[0]) },
    });
    if (hit.distanceM === null) continue;
    for (const [index, imageId] of imageIds.slice(1).entries()) {
      await place(imageId, pose(azimuth, radius * 0.9 * (1 + 0.05 * (index + 1))));
    }
    return { pose: first, distanceM: hit.distanceM };
  }
  throw new Error('no pose around the model sees it');
}
