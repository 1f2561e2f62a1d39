import { inspectionImageCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { InspectionImageViewService } from './inspection-image-view.service.js';

export function registerInspectionImageViewRoutes(router: Router, deps: { view: InspectionImageViewService }): void {
  router.user({
    call: inspectionImageCalls.findInspectionAllImages,
    summary:
      "Every photo of an inspection with a pose, its pixel size and its group's camera (or its pose's intrinsics), for the 3D view's frustums",
    tags: ['inspection'],
    // As the photo list: whoever may open the inspection's photos sees where they were taken.
    permission: 'inspection:view',
    feature: 'inspection',
    handler: ({ auth, params }) => deps.view.allImages(auth, params.id),
  });
}
