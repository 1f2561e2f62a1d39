import { inspectionImageCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ImagePoseService } from './inspection-image-pose.service.js';

const tags = ['inspection'];
/** Photo calls need the team's inspection function package (SPEC section 3). */
const feature = 'inspection' as const;

/**
 * Pose adjustment is editing photos: those who upload them (inspectors and above, CALL_ACCESS `image:upload`, as for
 * deleting a photo) may change and restore poses; everyone who sees the inspection reads them.
 */
export function registerImagePoseRoutes(router: Router, deps: { poses: ImagePoseService }): void {
  const { poses } = deps;

  router.user({
    call: inspectionImageCalls.findPose,
    summary: "Photos' newest or default pose with its source and time, and optionally one photo's every pose",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => poses.find(auth, body),
  });
  router.user({
    call: inspectionImageCalls.addPose,
    summary: "Set one photo's pose, or offset a batch's poses (metres east/north/up, degrees), all or nothing",
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => poses.adjust(auth, body),
  });
  router.user({
    call: inspectionImageCalls.restorePose,
    summary: "Restore photos' initial (metadata) pose; a photo without one goes back to images without pose",
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => poses.restore(auth, body),
  });
}
