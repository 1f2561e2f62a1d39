import { z } from 'zod';
import { defectCalibrationCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { CALIBRATION_JOB, type CalibrationService } from './defect-calibration.service.js';

const tags = ['defect'];
const feature = 'inspection' as const;

export function registerCalibrationRoutes(router: Router, deps: { calibration: CalibrationService }): void {
  const { calibration } = deps;
  router.user({
    call: defectCalibrationCalls.run,
    summary:
      "Calibrate an inspection's defect positions from the photos' high-precision poses: `continue` (only defects not yet calibrated), `all` (every defect again) or `cancel`; key defects are not calibrated",
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => calibration.run(auth, body),
  });
  router.user({
    call: defectCalibrationCalls.init,
    summary: "Reset an inspection's calibration (the id is the inspection's): every defect is to be calibrated again",
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, params }) => calibration.init(auth, params.id),
  });
  router.user({
    call: defectCalibrationCalls.info,
    summary:
      "The calibration state and progress of a photo's inspection and of each of the photo's defects (`imageId`), or of an inspection (`inspectionId`)",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, query }) => calibration.info(auth, query),
  });
}

/** The calibration's durable job. */
export function registerCalibrationJob(jobs: JobQueue, calibration: CalibrationService): void {
  jobs.register(
    defineJob({
      name: CALIBRATION_JOB,
      version: 1,
      payload: z.object({ inspectionId: z.number().int().positive() }),
      handler: (payload, context) => calibration.runCalibration(payload, context),
    }),
  );
}
