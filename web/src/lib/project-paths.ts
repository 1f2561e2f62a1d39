/** The 3D view's query parameter naming the inspection whose photos it shows on opening. */
export const PHOTO_LAYER_PARAM = 'photos';

/** Where the project screens live: under /home, beside the project list (SPEC section 2). */
export const projectPaths = {
  home: '/home',
  create: (groupId?: number | null) => (groupId ? `/home/projects/new?group=${groupId}` : '/home/projects/new'),
  edit: (id: number) => `/home/projects/${id}/edit`,
  /** The wizard's second step: the model upload. */
  model: (id: number) => `/home/projects/${id}/edit?step=model`,
  config: (id: number) => `/home/projects/${id}/config`,
  view: (id: number) => `/home/projects/${id}/view`,
  /** The 3D view with an inspection's photos (their frustums) shown: the photo layer on, that inspection chosen. */
  viewPhotos: (id: number, inspectionId: number) => `/home/projects/${id}/view?${PHOTO_LAYER_PARAM}=${inspectionId}`,
  /** The marker tree beside the 3D view, and the binding of photos to markers. */
  markers: (id: number) => `/home/projects/${id}/markers`,
  /** Total-station monitoring points, their surveys and displacement chart. */
  totalStation: (id: number) => `/home/projects/${id}/total-station`,
  /** Drone-target monitoring: targets picked on a baseline photo, their rounds and displacement chart. */
  droneTargets: (id: number) => `/home/projects/${id}/drone-targets`,
  /** The project's inspections: the inspection menu page with the project chosen. */
  inspections: (id: number) => `/inspection?projectId=${id}`,
  /** One photo of an inspection in the full-resolution viewer (the 3D view's photo layer opens it). */
  inspectionPhoto: (inspectionId: number, imageId: number) => `/inspection/${inspectionId}/photo/${imageId}`,
};

/** A route parameter as a project id, or null. */
export function projectIdParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
