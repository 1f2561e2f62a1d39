import { Document, NodeIO } from '@gltf-transform/core';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { enuFrame, wgs84, type EnuFrame } from '@sightline/geo';
import type { Database } from '../../src/platform/db/schema.js';
import type { ApiResponse, TestServer } from '../harness.js';
import type { ZipEntry } from './project-model.js';

/** The data of a successful answer; a failing one fails the test showing the answer. */
export function okData<T>(response: ApiResponse<T>): T {
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 2000 });
  return response.body.data;
}

/** Calls under `/api` as `token()` (or another token): a JSON body, or the query of a GET. */
export function apiCaller(server: () => TestServer, token: () => string) {
  return <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, as = token()) =>
    server().call<T>(method, `/api${path}`, {
      token: as,
      ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
    });
}

/** A pose as the photo columns hold it: longitude, latitude, altitude, yaw, pitch, roll. */
export type PoseTuple = [number, number, number, number, number, number];

/** Photos written directly (listed, processed), with a pose or none; the upload and ingest have their own tests. */
export async function insertPhotos(
  db: Kysely<Database>,
  inspectionId: number,
  groupId: number,
  photos: ReadonlyArray<{ name: string; pose: PoseTuple | null; size?: [number, number] }>,
) {
  return db
    .insertInto('inspection_images')
    .values(
      photos.map(({ name, pose, size }) => ({
        inspection_id: inspectionId,
        image_group_id: groupId,
        name,
        size_bytes: 1000,
        stored_bytes: 1000,
        storage_key: `test/${inspectionId}/${name}/`,
        state: 'uploaded' as const,
        longitude: pose?.[0] ?? null,
        latitude: pose?.[1] ?? null,
        altitude: pose?.[2] ?? null,
        yaw: pose?.[3] ?? null,
        pitch: pose?.[4] ?? null,
        roll: pose?.[5] ?? null,
        width_px: size?.[0] ?? 5280,
        height_px: size?.[1] ?? 3956,
      })),
    )
    .returning(['id', 'name'])
    .execute();
}

/** A group of a project's marker tree and markers in it, written directly (the tree's calls have their own tests). */
export async function insertMarkers(
  db: Kysely<Database>,
  projectId: number,
  markers: ReadonlyArray<{ code: string; position?: { lon: number; lat: number; height: number } }>,
) {
  const group = await db
    .insertInto('space_markers')
    .values({
      project_id: projectId,
      kind: 'group',
      group_type: 'component',
      name: `Group ${markers[0]?.code}`,
      color: '#1677FF',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('space_markers')
    .values(
      markers.map((marker, sort) => ({
        project_id: projectId,
        parent_id: group.id,
        kind: 'marker' as const,
        code: marker.code,
        name: marker.code,
        color: '#1677FF',
        sort,
        lon: marker.position?.lon ?? null,
        lat: marker.position?.lat ?? null,
        height: marker.position?.height ?? null,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  return { groupId: group.id, ids: Object.fromEntries(rows.map((row) => [row.code!, row.id])) };
}

/** A vertical rectangle facing south in a local east-north-up frame: at `north` metres, from `east` and up to `top`. */
export interface WallRect {
  north: number;
  east: [number, number];
  top: number;
}

/** The 4×4 column-major matrix taking a frame's east-north-up metres to ECEF (a tileset root's transform). */
export function enuToEcefMatrix(frame: EnuFrame): number[] {
  const { east, north, up, originEcef } = frame;
  return [...east, 0, ...north, 0, ...up, 0, originEcef.x, originEcef.y, originEcef.z, 1];
}

/**
 * A tileset of vertical walls around `origin` (degrees, metres): one glTF binary (y-up, as glTF is) under a root whose
 * transform is the origin's east-north-up frame, so a wall's corners are known in that frame exactly.
 */
export async function wallTileset(origin: { lon: number; lat: number; height: number }, walls: readonly WallRect[]) {
  const document = new Document();
  const buffer = document.createBuffer();
  // glTF's y-up: x east, y up, z south (3D Tiles turns y-up to z-up before the tile's transform).
  const corner = (e: number, n: number, u: number) => [e, u, -n];
  const positions = walls.flatMap(({ north, east: [west, eastEdge], top }) => [
    ...corner(west, north, 0),
    ...corner(eastEdge, north, 0),
    ...corner(eastEdge, north, top),
    ...corner(west, north, top),
  ]);
  const indices = walls.flatMap((_, wall) => [0, 1, 2, 0, 2, 3].map((vertex) => wall * 4 + vertex));
  const primitive = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setIndices(document.createAccessor().setType('SCALAR').setArray(new Uint32Array(indices)).setBuffer(buffer));
  const mesh = document.createMesh().addPrimitive(primitive);
  document.createScene().addChild(document.createNode().setMesh(mesh));
  const glb = await new NodeIO().writeBinary(document);
  const tileset = {
    asset: { version: '1.1' },
    geometricError: 100,
    root: {
      transform: enuToEcefMatrix(enuFrame(wgs84(origin.lon, origin.lat, origin.height))),
      boundingVolume: { sphere: [0, 0, 0, 200] },
      geometricError: 0,
      refine: 'REPLACE',
      content: { uri: 'walls.glb' },
    },
  };
  const entries: ZipEntry[] = [
    { name: 'tileset.json', data: JSON.stringify(tileset) },
    { name: 'walls.glb', data: Buffer.from(glb) },
  ];
  return entries;
}
