import { spaceBindingCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { SpaceBindingService } from './space-binding.service.js';

const tags = ['spatial-marker'];
/** Binding photos is part of the drone inspection (SPEC section 3's inspection function package). */
const feature = 'inspection' as const;

export function registerSpaceBindingRoutes(router: Router, deps: { bindings: SpaceBindingService }): void {
  const { bindings } = deps;
  const calls = spaceBindingCalls;

  router.user({
    call: calls.markerImages,
    summary: "A page of a marker's photos of one inspection",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => bindings.markerImages(auth, body),
  });
  router.user({
    call: calls.bind,
    summary:
      'Bind photos to a marker by hand (mode manual), or every posed photo of the inspection automatically within 10 to 200 cm of where its optical axis meets the model (mode auto, a job reported on the event stream)',
    tags,
    permission: 'image:screen',
    feature,
    handler: ({ auth, body }) => bindings.bind(auth, body),
  });
  router.user({
    call: calls.markersOfInspection,
    summary: 'The markers holding photos of an inspection, with their counts',
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => bindings.markersOfInspection(auth, body.inspectionId),
  });
  router.user({
    call: calls.unboundImages,
    summary: 'A page of the photos of an inspection bound to no marker',
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => bindings.unboundImages(auth, body),
  });
  router.user({
    call: calls.markerHistory,
    summary: "A marker's photos across the project's inspections, newest inspection first",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => bindings.markerHistory(auth, body.markerId),
  });
  router.user({
    call: calls.unbindIds,
    summary: 'Unbind photos by binding id',
    tags,
    permission: 'image:screen',
    feature,
    handler: ({ auth, body }) => bindings.unbindIds(auth, body.ids),
  });
  router.user({
    call: calls.unbindAll,
    summary: 'Unbind every photo of an inspection, or only those of one marker',
    tags,
    permission: 'image:screen',
    feature,
    handler: ({ auth, body }) => bindings.unbindAll(auth, body),
  });
  router.user({
    call: calls.moveImages,
    summary: 'Move photos of an inspection from one marker to another',
    tags,
    permission: 'image:screen',
    feature,
    handler: ({ auth, body }) => bindings.moveImages(auth, body),
  });
  router.user({
    call: calls.imageHistory,
    summary: "Photos of the project's other inspections bound to the markers a photo is bound to",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => bindings.imageHistory(auth, body.imageId),
  });
  router.user({
    call: calls.collisionDistance,
    summary: "Metres from a photo's camera to where its optical axis meets the model (null when it misses)",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => bindings.collisionDistance(auth, query.imageId),
  });
  router.user({
    call: calls.inspectionsOfMarker,
    summary: "The project's inspections with how many of their photos are bound to a marker, newest first",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => bindings.inspectionsOfMarker(auth, body),
  });
  router.user({
    call: calls.bindingDistance,
    summary: "The distance of an inspection's last automatic binding, in centimetres (id: the inspection)",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, params }) => bindings.bindingDistance(auth, params.id),
  });
  router.user({
    call: calls.bindingCounts,
    summary: "An inspection's photos, bound and unbound",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => bindings.bindingCounts(auth, query.inspectionId),
  });
}
