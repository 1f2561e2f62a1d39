import { useMemo } from 'react';
import { useInspectionPage } from './inspections';

/**
 * A project's inspections (the first 200, newest first) as the choices of a select, named with their date: the 3D
 * view's photo layer and the marker screen's binding each pick one.
 */
export function useInspectionOptions(projectId: number) {
  const inspections = useInspectionPage(projectId, { pageNum: 1, pageSize: 200, keyword: '' });
  const options = useMemo(
    () =>
      (inspections.data?.records ?? []).map((inspection) => ({
        value: inspection.id,
        label: `${inspection.name} (${inspection.inspectionDate})`,
      })),
    [inspections.data],
  );
  return { options, isLoading: inspections.isLoading };
}
