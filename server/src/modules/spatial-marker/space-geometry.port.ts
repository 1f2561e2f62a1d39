import type { MarkerPosition } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';

/**
 * What the marker and binding service asks of the model's geometry (space-geometry.service.ts answers): automatic
 * binding as a durable job, the photos that see a point, and how far a photo's optical axis runs to the model.
 * Each checks the caller's rights on the inspection's project itself.
 */
export interface SpaceGeometry {
  /** Starts binding every posed photo of the inspection to the markers near its view; resolves with the job's id. */
  startAutoBinding(auth: AuthContext, input: { inspectionId: number; distanceCm: number }): Promise<string>;
  photosSeeingPoint(
    auth: AuthContext,
    input: { inspectionId: number; position: MarkerPosition },
  ): Promise<Array<{ imageId: number; u: number; v: number; distanceM: number }>>;
  collisionDistance(auth: AuthContext, imageId: number): Promise<number | null>;
}

/** What the geometry needs of the binding repository (spatial-marker's own tables). */
export interface AutoBindingStore {
  /** The project's markers that have a position. */
  markersWithPosition(projectId: number): Promise<Array<{ id: number; position: MarkerPosition }>>;
  /**
   * Replaces the inspection's automatic bindings with these in one transaction; manual bindings stay, and a pair
   * already bound by hand is not bound again. Records `distanceCm` as the inspection's binding distance.
   */
  replaceAutoBindings(
    inspectionId: number,
    distanceCm: number,
    rows: ReadonlyArray<{ imageId: number; markerId: number; distanceM: number }>,
  ): Promise<void>;
}
