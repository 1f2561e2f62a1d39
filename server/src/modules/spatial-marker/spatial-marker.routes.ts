import { spatialMarkerCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { SpaceBindingService } from './space-binding.service.js';
import type { SpatialMarkerService } from './spatial-marker.service.js';

const tags = ['spatial-marker'];
/** Markers serve the drone inspection: their calls need the team's inspection function package (SPEC section 3). */
const feature = 'inspection' as const;

export function registerSpatialMarkerRoutes(
  router: Router,
  deps: { markers: SpatialMarkerService; bindings: SpaceBindingService },
): void {
  const { markers, bindings } = deps;
  const calls = spatialMarkerCalls;

  router.user({
    call: calls.tree,
    summary: "A project's marker tree: every group and marker (parentId gives the tree), each with its photo count",
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, body }) => markers.tree(auth, body.projectId),
  });
  router.user({
    call: calls.children,
    summary: "A group's children (the top-level groups without parentId), in their order",
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, body }) => markers.children(auth, body),
  });
  router.user({
    call: calls.childrenWithImages,
    summary: "A group's children with the photo counts of one inspection",
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, body }) => markers.children(auth, body),
  });
  router.user({
    call: calls.save,
    summary:
      'Add a group or a marker (without id) or edit one (with id); a marker needs a group and a number unique in the project, a name is unique among siblings',
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.save(auth, body),
  });
  router.user({
    call: calls.createBatch,
    summary: 'Create up to 1000 markers in a group from number and name templates with the variables $1, $2, $3',
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.createBatch(auth, body),
  });
  router.user({
    call: calls.removeMany,
    summary: 'Delete groups and markers with everything below them; refused while photos are bound below',
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.removeMany(auth, body),
  });
  router.user({
    call: calls.updateGps,
    summary: "Set a marker's position from typed coordinates",
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.updateGps(auth, body),
  });
  router.user({
    call: calls.rename,
    summary: 'Rename several groups and markers at once (names unique among siblings)',
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.rename(auth, body),
  });
  router.user({
    call: calls.reselectPosition,
    summary: "Set a marker's position picked again on the model",
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.reselectPosition(auth, body),
  });
  router.user({
    call: calls.photosSeeingPoint,
    summary: "The inspection's photos that see a point of the model: inside their frustum and not hidden by the model",
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, body }) => bindings.photosSeeingPoint(auth, body),
  });
  router.user({
    call: calls.placeMany,
    summary: 'Place several markers at once (batch position)',
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.placeMany(auth, body),
  });
  router.user({
    call: calls.setCover,
    summary: 'Choose the photo shown for a marker among its bound photos (null clears it)',
    tags,
    permission: 'image:screen',
    feature,
    handler: ({ auth, body }) => markers.setCover(auth, body),
  });
  router.user({
    call: calls.sort,
    summary: "Order a group's children (or the top-level groups): every child's id, first to last",
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.sort(auth, body),
  });
  router.user({
    call: calls.moveToBottom,
    summary: 'Move a group or marker after its last sibling',
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, body }) => markers.moveToBottom(auth, body.id),
  });
  router.user({
    call: calls.allMarkers,
    summary: 'Every marker of a project (no groups), in tree order',
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, body }) => markers.allMarkers(auth, body.projectId),
  });
  router.user({
    call: calls.groupBindings,
    summary: 'Per group: its markers, how many hold photos of the inspection, and those photos',
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, body }) => markers.groupBindings(auth, body),
  });
  router.user({
    call: calls.remove,
    summary: 'Delete a group or marker with everything below it; refused while photos are bound below',
    tags,
    permission: 'project:config',
    feature,
    handler: ({ auth, params }) => markers.remove(auth, params.id),
  });
  router.user({
    call: calls.markersOfImage,
    summary: 'The markers a photo is bound to',
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, query }) => markers.markersOfImage(auth, query.imageId),
  });
  router.user({
    call: calls.version,
    summary:
      "The project's marker version (id: the project), raised whenever markers are added, placed, moved or deleted",
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, params }) => markers.version(auth, params.id),
  });
}
