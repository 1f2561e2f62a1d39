/**
 * Rays against the model: a three-mesh-bvh BVH over the mesh's float32 offsets. Rays arrive in ECEF and are moved
 * into the mesh's frame in float64 before they meet the float32 triangles. Both faces are hit: a tileset's winding
 * is not reliable, and a ray from inside a structure must still stop at its wall.
 */
import { type Ecef, type EcefRay, ecef } from '@sightline/geo';
import { BufferAttribute, BufferGeometry, DoubleSide, Ray } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { TriangleMesh } from './tileset-mesh.js';

export interface MeshHit {
  /** Metres from the ray's origin. */
  readonly distanceM: number;
  readonly point: Ecef;
}

export interface MeshIndex {
  readonly origin: Ecef;
  readonly triangleCount: number;
  /** The library's own BVH, in the mesh's frame (ECEF minus `origin`). */
  readonly bvh: MeshBVH;
  /** The nearest surface along the ray within `maxDistanceM`, or null. */
  firstHit(ray: EcefRay, maxDistanceM?: number): MeshHit | null;
}

export function buildMeshIndex(mesh: TriangleMesh): MeshIndex {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(mesh.positions, 3));
  geometry.setIndex(new BufferAttribute(mesh.indices, 1));
  const bvh = new MeshBVH(geometry);
  const { origin } = mesh;
  // One ray reused: a question asks thousands, and the library copies what it needs.
  const local = new Ray();
  return {
    origin,
    triangleCount: mesh.indices.length / 3,
    bvh,
    firstHit(ray, maxDistanceM = Infinity) {
      local.origin.set(ray.origin.x - origin.x, ray.origin.y - origin.y, ray.origin.z - origin.z);
      local.direction.set(ray.direction[0], ray.direction[1], ray.direction[2]);
      const hit = bvh.raycastFirst(local, DoubleSide, 0, maxDistanceM);
      if (!hit) return null;
      return {
        distanceM: hit.distance,
        point: ecef(hit.point.x + origin.x, hit.point.y + origin.y, hit.point.z + origin.z),
      };
    },
  };
}
