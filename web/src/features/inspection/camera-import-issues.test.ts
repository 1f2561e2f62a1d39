import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { inspectionCreateBodySchema } from '@sightline/shared';
import { cameraImportIssueLines } from './camera-import-issues';
import { toCreateBody, toUpdateBody } from './inspection-form';

describe('camera import issues', () => {
  it('names the row as a person counts it and the column, once per problem', () => {
    const lines = cameraImportIssueLines([
      { path: 'rows.2.focalLengthMm', key: 'invalidValue' },
      { path: 'rows.2.focalLengthMm', key: 'invalidValue' },
      { path: 'rows.0.model', key: 'duplicateName' },
      { path: 'file', key: 'required' },
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('3');
    expect(lines[0]).toContain('focalLengthMm');
    expect(lines[1]).toContain('1');
    expect(lines[1]).toContain('model');
  });
});

describe('inspection form bodies', () => {
  it('writes the date as YYYY-MM-DD and passes the groups to the shared schema', () => {
    const body = toCreateBody(7, {
      name: 'Q3',
      inspectionDate: dayjs('2026-09-14'),
      imageGroups: [{ name: 'North', cameraParamId: 3, photoDistance: 12 }],
    });
    expect(body.inspectionDate).toBe('2026-09-14');
    expect(body.previousInspectionId).toBeNull();
    expect(inspectionCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses a group name of 11 characters and a distance of 0 by the shared rules', () => {
    const body = toCreateBody(7, {
      name: 'Q3',
      inspectionDate: dayjs('2026-09-14'),
      imageGroups: [{ name: 'ABCDEFGHIJK', cameraParamId: 3, photoDistance: 0 }],
    });
    const result = inspectionCreateBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['imageGroups.0.name', 'imageGroups.0.photoDistance']));
  });

  it('edits without the groups, which the detail manages', () => {
    expect(toUpdateBody(4, { name: 'Q3', inspectionDate: null })).toEqual({
      id: 4,
      name: 'Q3',
      description: '',
      inspectionDate: '',
      previousInspectionId: null,
    });
  });
});
