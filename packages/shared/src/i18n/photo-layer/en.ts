import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  photoLayer: {
    toggle: 'Photo positions and frustums',
    inspection: 'Inspection',
    chooseInspection: 'Choose an inspection',
    noInspections: 'This project has no inspections yet',
    depth: 'Frustum depth (m)',
    depthAuto: "The image group's photo distance",
    loading: 'Loading photo positions…',
    drawn: '{count} photos shown',
    withoutPose: '{count} photos without pose are not shown',
    skipped: '{count} photos without camera parameters are not shown',
    none: 'This inspection has no photo with a pose',
    loadFailed: 'The photo positions could not be loaded; please retry',
    flyTo: 'Fly to the photos',
    hide: 'Hide photos',
    openHint: 'Click to open the photo',
  },
};
