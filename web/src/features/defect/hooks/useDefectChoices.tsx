import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@sightline/shared';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { useProjectDefectTypes, useProjectMarkers } from '../api';
import { levelKey } from '../defect-display';
import { TypeDot } from '../components/TypeDot';

const LEVELS = Array.from(
  { length: LIMITS.defectScale.max - LIMITS.defectScale.min + 1 },
  (_, i) => LIMITS.defectScale.min + i,
);

/**
 * The choices a defect's type, level and component are picked from, in the list's filters and the edit dialogs alike:
 * the project's types with their colour (searched by `search`, the label being more than text), the scale's levels by
 * name, and the project's components by code and name.
 */
export function useDefectChoices(projectId: number) {
  const { t } = useTranslation();
  const types = useProjectDefectTypes(projectId).data ?? [];
  const markers = useProjectMarkers(projectId).data ?? [];
  return {
    types: types.map((type) => ({
      value: type.id,
      search: defectTypeLabel(type),
      label: (
        <Space size={6}>
          <TypeDot color={type.color} />
          {defectTypeLabel(type)}
        </Space>
      ),
    })),
    levels: LEVELS.map((level) => ({ value: level, label: t(levelKey(level)) })),
    markers: markers.map((marker) => ({ value: marker.id, label: `${marker.code ?? ''} ${marker.name}`.trim() })),
  };
}
