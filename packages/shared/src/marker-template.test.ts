import { describe, expect, it } from 'vitest';
import { checkMarkerTemplate, expandMarkerTemplate, markerTemplateCount } from './marker-template.js';
import { spatialMarkerBatchBodySchema } from './schemas/spatial-marker.js';

describe('marker templates', () => {
  it('makes one marker per combination, the first variable outermost, with padding', () => {
    const markers = expandMarkerTemplate({
      codeTemplate: 'P$1-$2',
      nameTemplate: 'Pier $1 face $2',
      variables: [
        { from: 1, to: 3 },
        { from: 8, to: 9, pad: 2 },
      ],
    });
    expect(markers.map((marker) => marker.code)).toEqual(['P1-08', 'P1-09', 'P2-08', 'P2-09', 'P3-08', 'P3-09']);
    expect(markers[5]?.name).toBe('Pier 3 face 09');
  });

  it('refuses a variable that is not set, a stray dollar sign and $4', () => {
    const variables = [{ from: 1, to: 2 }];
    expect(checkMarkerTemplate({ codeTemplate: 'A$2', nameTemplate: 'A$1', variables })).toEqual([
      { field: 'codeTemplate', key: 'markerTemplateFormat' },
    ]);
    expect(checkMarkerTemplate({ codeTemplate: 'A$1', nameTemplate: 'cost $', variables })[0]?.key).toBe(
      'markerTemplateFormat',
    );
    expect(checkMarkerTemplate({ codeTemplate: 'A$4', nameTemplate: 'A$1', variables })[0]?.key).toBe(
      'markerTemplateFormat',
    );
  });

  it('refuses templates that would repeat numbers or names', () => {
    const problems = checkMarkerTemplate({
      codeTemplate: 'A$1',
      nameTemplate: 'Span',
      variables: [{ from: 1, to: 2 }],
    });
    expect(problems).toEqual([{ field: 'nameTemplate', key: 'markerTemplateUnusedVariable', variable: 1 }]);
  });

  it('refuses reversed or negative ranges and over 1000 markers', () => {
    expect(
      checkMarkerTemplate({ codeTemplate: '$1', nameTemplate: '$1', variables: [{ from: 5, to: 4 }] })[0]?.key,
    ).toBe('markerTemplateRange');
    expect(
      checkMarkerTemplate({ codeTemplate: '$1', nameTemplate: '$1', variables: [{ from: -1, to: 4 }] })[0]?.key,
    ).toBe('markerTemplateRange');
    const variables = [
      { from: 1, to: 11 },
      { from: 1, to: 10 },
      { from: 1, to: 10 },
    ];
    expect(markerTemplateCount(variables)).toBe(1100);
    expect(checkMarkerTemplate({ codeTemplate: '$1$2$3', nameTemplate: '$1.$2.$3', variables })).toEqual([
      { field: 'variables', key: 'markerBatchTooMany', count: 1100 },
    ]);
    expect(
      checkMarkerTemplate({
        codeTemplate: '$1-$2-$3',
        nameTemplate: '$1.$2.$3',
        variables: variables.slice(1).concat({ from: 1, to: 10 }),
      }),
    ).toEqual([]);
  });

  it('reports each problem at its field through the shared schema', () => {
    const result = spatialMarkerBatchBodySchema.safeParse({
      projectId: 1,
      parentId: 2,
      codeTemplate: 'A$1',
      nameTemplate: 'B',
      variables: [{ from: 1, to: 3 }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['nameTemplate', 'markerTemplateUnusedVariable'],
    ]);
  });
});
