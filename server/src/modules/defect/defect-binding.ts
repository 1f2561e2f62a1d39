import type { Kysely } from 'kysely';
import { PointGrid, wgs84, wgs84ToEcef } from '@sightline/geo';
import type { Database } from '../../platform/db/schema.js';
import { createBindingRepo } from '../spatial-marker/space-binding.repo.js';
import { createMarkerRepo } from '../spatial-marker/spatial-marker.repo.js';

/** A defect's place on the model, in the inspection it was marked in. */
export interface DefectPlace {
  projectId: number;
  inspectionId: number;
  lon: number | null;
  lat: number | null;
  height: number | null;
}

/**
 * Binding a located defect to a component (SPEC sections 3 and 5): the nearest marker of the project within the
 * binding range, which is the inspection's binding distance (the one its photos were last bound with, 10 to 200 cm;
 * SPEC's "space-marking binding distance" of an inspection). An inspection never bound has no range, and a defect
 * with no place or beyond every marker's range stays unbound. Equal distances go to the lower marker id.
 */
export function createComponentBinding(db: Kysely<Database>) {
  const markers = createMarkerRepo(db);
  const bindings = createBindingRepo(db);
  return async function nearestComponent(place: DefectPlace): Promise<number | null> {
    const { lon, lat, height } = place;
    if (lon === null || lat === null || height === null) return null;
    const rangeCm = await bindings.bindingDistance(place.inspectionId);
    if (rangeCm === null) return null;
    const points = (await markers.markersWithPosition(place.projectId)).map((marker) => ({
      id: marker.id,
      position: wgs84ToEcef(wgs84(marker.lon!, marker.lat!, marker.height ?? 0)),
    }));
    const rangeM = rangeCm / 100;
    const nearest = new PointGrid(points, rangeM).nearest(
      wgs84ToEcef(wgs84(lon, lat, height)),
      rangeM,
      (a, b) => a.id - b.id,
    );
    return nearest?.item.id ?? null;
  };
}

export type NearestComponent = ReturnType<typeof createComponentBinding>;
