import { useMemo } from 'react';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { locationPreview } from '../location-preview';

const WIDTH = 320;
const HEIGHT = 180;

function formatExtent(metres: number): string {
  return metres >= 1000 ? `${(metres / 1000).toFixed(2)} km` : `${metres.toFixed(0)} m`;
}

/** A small flat map of the location file: its shapes, north up, with the centre and the size. */
export function LocationPreviewMap({ geojson }: { geojson: unknown }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const preview = useMemo(() => locationPreview(geojson, WIDTH, HEIGHT), [geojson]);
  if (!preview) return null;
  const accent = '#ff7a45';
  return (
    <div data-testid="location-preview">
      <svg
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('projectUi.form.locationPreview')}
        style={{
          display: 'block',
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: `repeating-linear-gradient(0deg, transparent 0 29px, ${token.colorFillSecondary} 29px 30px), repeating-linear-gradient(90deg, ${token.colorFillQuaternary} 0 29px, ${token.colorFillSecondary} 29px 30px)`,
        }}
      >
        {preview.shapes.map((shape, index) => (
          <path
            key={index}
            d={shape.d}
            fill={shape.kind === 'polygon' ? `${accent}40` : 'none'}
            fillRule="evenodd"
            stroke={accent}
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ))}
        {preview.points.map((point, index) => (
          <circle key={index} cx={point.x} cy={point.y} r={5} fill={accent} stroke="#fff" strokeWidth={1.5} />
        ))}
        <text x={WIDTH - 14} y={20} textAnchor="middle" fontSize={12} fill={token.colorTextSecondary}>
          N
        </text>
        <path d={`M${WIDTH - 14} 24 l-4 10 h8 z`} fill={token.colorTextSecondary} />
      </svg>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('projectUi.form.locationCenter', {
          lon: preview.center.lon.toFixed(5),
          lat: preview.center.lat.toFixed(5),
          size: `${formatExtent(preview.extentMetres.width)} × ${formatExtent(preview.extentMetres.height)}`,
        })}
      </Typography.Text>
    </div>
  );
}
