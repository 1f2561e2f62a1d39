import { createProjectBodySchema, updateProjectBodySchema, type ProjectDetail } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { createBodyOf, emptyProjectForm, projectFormOf, updateBodyOf } from './project-form';

const line = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    },
  ],
};

describe('project wizard bodies', () => {
  it('sends empty texts as nothing and the parsed location as GeoJSON', () => {
    const body = createBodyOf({
      ...emptyProjectForm(7),
      name: '  Bridge A  ',
      typeId: 3,
      description: '   ',
      location: { geojson: line, kind: 'line', routeName: 'G15' },
      routeName: 'G15',
    });
    expect(body).toEqual({
      name: 'Bridge A',
      typeId: 3,
      coverUrl: null,
      description: null,
      memberIds: [],
      groupId: 7,
      locationGeojson: line,
      routeName: 'G15',
      highPrecision: false,
    });
    expect(createProjectBodySchema.safeParse(body).success).toBe(true);
  });

  it('round-trips a project through the form', () => {
    const project = {
      id: 5,
      name: 'Dam',
      typeId: 4,
      coverUrl: '/api/files/project-covers/1/cover-aaaaaaaaaaaaaaaaaaaaaaaa.png',
      description: 'North dam',
      members: [{ userId: 9 }],
      groupId: 2,
      locationGeojson: line,
      locationKind: 'line',
      routeName: null,
      highPrecision: true,
    } as unknown as ProjectDetail;
    const body = updateBodyOf(5, projectFormOf(project));
    expect(body).toMatchObject({ id: 5, name: 'Dam', memberIds: [9], locationGeojson: line, routeName: null });
    expect(updateProjectBodySchema.safeParse(body).success).toBe(true);
  });
});
