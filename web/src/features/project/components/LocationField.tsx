import { useState } from 'react';
import { Alert, Button, Flex, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, EnvironmentOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ParsedLocation } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { hasTranslation, translate } from '../../../i18n';
import { useParseLocation } from '../api';
import { LocationPreviewMap } from './LocationPreviewMap';

/** Why a location file was refused: the error's text, refined by the reason the server gives. */
function refusalOf(error: unknown): string {
  if (!isApiError(error)) return translate('errors.serviceError');
  const text = translate(`errors.${error.key}`, error.params);
  const reason = error.params?.reason;
  const reasonKey = `projectUi.vectorReason.${String(reason)}`;
  return reason !== undefined && hasTranslation(reasonKey) ? `${text}: ${translate(reasonKey)}` : text;
}

/**
 * The location vector file (GeoJSON, KML/KMZ or a zipped shapefile with a point, line or polygon): read by the
 * server's parse call, previewed on a small map; a refused file shows why, and nothing is kept.
 */
export function LocationField({
  value,
  onChange,
  onRouteName,
}: {
  value?: ParsedLocation | null;
  onChange?: (location: ParsedLocation | null) => void;
  /** The route name the file carries, offered to the route name field. */
  onRouteName?: (name: string) => void;
}) {
  const { t } = useTranslation();
  const parse = useParseLocation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const handleFile = async (file: File) => {
    setRefusal(null);
    setFileName(file.name);
    try {
      const parsed = await parse.mutateAsync(file);
      onChange?.(parsed);
      if (parsed.routeName) onRouteName?.(parsed.routeName);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  return (
    <Flex vertical gap={8} data-testid="location-field">
      <Flex gap={8} align="center" wrap>
        <Upload
          accept=".geojson,.json,.kml,.kmz,.zip"
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={parse.isPending} data-testid="location-upload">
            {value ? t('projectUi.form.locationReplace') : t('projectUi.form.locationUpload')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('projectUi.form.locationRemove')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">{t('projectUi.form.locationHint')}</Typography.Text>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={fileName ? t('projectUi.form.locationRefused', { file: fileName }) : undefined}
          description={refusal}
          data-testid="location-error"
        />
      )}
      {value && (
        <Flex vertical gap={6}>
          <Flex gap={8} align="center" wrap data-testid="location-summary">
            <EnvironmentOutlined />
            <Tag color="orange" data-testid="location-kind">
              {t(`projectUi.locationKind.${value.kind}`)}
            </Tag>
            {value.routeName && (
              <Typography.Text type="secondary">
                {t('projectUi.form.locationRoute', { name: value.routeName })}
              </Typography.Text>
            )}
          </Flex>
          <LocationPreviewMap geojson={value.geojson} />
        </Flex>
      )}
    </Flex>
  );
}
