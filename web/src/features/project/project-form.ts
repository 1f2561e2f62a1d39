import type { CreateProjectBody, ParsedLocation, ProjectDetail, UpdateProjectBody } from '@sightline/shared';

/** The wizard's first step as the form holds it; turned into the create or update body on save. */
export interface ProjectFormValues {
  name: string;
  typeId: number | undefined;
  coverUrl: string | null;
  description: string;
  memberIds: number[];
  groupId: number | undefined;
  location: ParsedLocation | null;
  routeName: string;
  highPrecision: boolean;
}

export function emptyProjectForm(groupId?: number): ProjectFormValues {
  return {
    name: '',
    typeId: undefined,
    coverUrl: null,
    description: '',
    memberIds: [],
    groupId,
    location: null,
    routeName: '',
    highPrecision: false,
  };
}

export function projectFormOf(project: ProjectDetail): ProjectFormValues {
  return {
    name: project.name,
    typeId: project.typeId,
    coverUrl: project.coverUrl,
    description: project.description ?? '',
    memberIds: project.members.map((member) => member.userId),
    groupId: project.groupId ?? undefined,
    location:
      project.locationGeojson && project.locationKind
        ? { geojson: project.locationGeojson, kind: project.locationKind, routeName: project.routeName }
        : null,
    routeName: project.routeName ?? '',
    highPrecision: project.highPrecision,
  };
}

/**
 * The body of POST /project. Empty texts are sent as null (nothing), the location as the GeoJSON the server
 * parsed (it parses it again), and the default view is left out: it is set later in the 3D view.
 */
export function createBodyOf(values: ProjectFormValues): CreateProjectBody {
  return {
    name: values.name.trim(),
    typeId: values.typeId ?? 0,
    coverUrl: values.coverUrl,
    description: values.description.trim() || null,
    memberIds: values.memberIds,
    ...(values.groupId !== undefined ? { groupId: values.groupId } : {}),
    locationGeojson: values.location?.geojson ?? null,
    routeName: values.routeName.trim() || null,
    highPrecision: values.highPrecision,
  };
}

/** The body of PUT /project: every field of the step, so what the form shows is what is stored. */
export function updateBodyOf(id: number, values: ProjectFormValues): UpdateProjectBody {
  return { id, ...createBodyOf(values) };
}
