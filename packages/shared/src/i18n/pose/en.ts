import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  pose: {
    page: {
      title: 'Image pose adjustment',
      missingQuery: 'The link names no inspection or photos',
      missingQueryHint:
        'Choose photos in an inspection and open the pose adjustment from there; the link looks like /poseAdjustment?inspectionId=1&imageIds=2,3.',
      signInTitle: 'Please log in first',
      signInHint: 'Pose adjustment reads and changes inspection photos, which needs you to be logged in.',
      signIn: 'Log in',
    },
    openAction: 'Adjust pose',
    titleSingle: 'Adjust image pose',
    titleBatch: 'Adjust the pose of {count} images',
    empty: 'No photos selected',
    fields: {
      longitude: 'Longitude',
      latitude: 'Latitude',
      altitude: 'Altitude (m)',
      pitch: 'Pitch',
      yaw: 'Yaw',
      roll: 'Roll',
      east: 'East (m)',
      north: 'North (m)',
      up: 'Up (m)',
      dPitch: 'Pitch offset',
      dYaw: 'Yaw offset',
      dRoll: 'Roll offset',
    },
    source: {
      metadata: 'Photo metadata',
      manual: 'Adjusted by hand',
      highPrecision: 'High-precision transform',
    },
    reason: {
      unreadable: 'Image properties unreadable',
      noGps: 'No latitude or longitude',
      noAltitude: 'No altitude',
      noGimbalAttitude: 'No gimbal attitude',
      poseOutOfRange: 'Pose out of range',
    },
    single: {
      current: 'Current pose',
      initial: 'Initial pose',
      none: 'No pose',
      sourceAt: '{source} · {time}',
      withoutPose: 'Without pose because: {reason}',
      absoluteHint: 'Enter the whole pose; angles are DJI gimbal angles in degrees, stored within -180 to 180.',
      save: 'Save pose',
      saved: 'The pose of {name} was updated',
    },
    batch: {
      offsetHint:
        'Each photo moves east and north in its own horizon and up or down along the vertical (metres); the angle offsets are added to its angles.',
      photos: 'Selected photos',
      name: 'Photo',
      pose: 'Current pose',
      withoutPose:
        '{count} photos have no pose and cannot be offset: {names}. Set their pose one by one or unselect them.',
      apply: 'Apply offset',
      applied: 'The pose of {count} photos was adjusted',
    },
    restore: {
      action: 'Restore initial pose',
      confirmTitle: 'Restore the initial pose?',
      confirmContent:
        'The newest pose of the {count} selected photos goes back to the pose in their metadata; photos without a metadata pose go back to "images without pose". The adjustment history is kept.',
      ok: 'Restore',
      done: 'The initial pose of {count} photos was restored',
      unchanged: 'The selected photos already have their initial pose',
    },
    history: {
      title: 'Pose history',
      empty: 'No poses recorded',
      time: 'Time',
      source: 'Source',
      by: 'By',
      system: 'System',
    },
  },
};
