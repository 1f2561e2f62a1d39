import type { Dayjs } from 'dayjs';
import type { ImageGroupInput, InspectionCreateBody, InspectionUpdateBody } from '@sightline/shared';

/** What the inspection dialog's form holds: the date as a picker value, the groups as rows. */
export interface InspectionFormValues {
  name: string;
  description: string;
  inspectionDate: Dayjs | null;
  previousInspectionId: number | null;
  imageGroups: Array<Partial<ImageGroupInput>>;
}

function dateOf(value: Dayjs | null | undefined): string {
  return value ? value.format('YYYY-MM-DD') : '';
}

/** The create body of the form's values (checked again by the shared schema before it is sent). */
export function toCreateBody(projectId: number, values: Partial<InspectionFormValues>): InspectionCreateBody {
  return {
    projectId,
    name: values.name ?? '',
    description: values.description ?? '',
    inspectionDate: dateOf(values.inspectionDate),
    previousInspectionId: values.previousInspectionId ?? null,
    imageGroups: (values.imageGroups ?? []).map((group) => ({
      name: group.name ?? '',
      cameraParamId: group.cameraParamId as number,
      photoDistance: group.photoDistance as number,
    })),
  };
}

export function toUpdateBody(id: number, values: Partial<InspectionFormValues>): InspectionUpdateBody {
  return {
    id,
    name: values.name ?? '',
    description: values.description ?? '',
    inspectionDate: dateOf(values.inspectionDate),
    previousInspectionId: values.previousInspectionId ?? null,
  };
}
