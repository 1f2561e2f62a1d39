import { App as AntdApp, Button, Flex, Typography, Upload, theme } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@sightline/shared';
import { StoredImage } from '../../../components/StoredImage';
import { tooLarge } from '../../../lib/sizes';
import { useUploadCover } from '../api';

const COVER_TYPES = ['image/jpeg', 'image/png'];

/** The project's cover: a JPG or PNG uploaded at once (counted on the team's storage), shown as a preview. */
export function CoverField({ value, onChange }: { value?: string | null; onChange?: (url: string | null) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = AntdApp.useApp();
  const upload = useUploadCover();

  const handleFile = async (file: File) => {
    if (!COVER_TYPES.includes(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) {
      void message.error(t('validation.fileType', { types: 'JPG, PNG' }));
      return;
    }
    const large = tooLarge(file.size, LIMITS.projectCoverMaxBytes);
    if (large) {
      void message.error(t('validation.fileTooLarge', large));
      return;
    }
    try {
      const { coverUrl } = await upload.mutateAsync(file);
      onChange?.(coverUrl);
    } catch {
      // The client showed the server's reason.
    }
  };

  return (
    <Flex gap={16} align="center">
      <div
        style={{
          width: 160,
          height: 96,
          borderRadius: token.borderRadiusLG,
          border: `1px dashed ${token.colorBorder}`,
          background: token.colorFillQuaternary,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: token.colorTextQuaternary,
          fontSize: 28,
        }}
        data-testid="cover-preview"
      >
        {value ? (
          <StoredImage url={value} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <PictureOutlined />
        )}
      </div>
      <Flex vertical gap={8} align="flex-start">
        <Flex gap={8}>
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={(file) => {
              void handleFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="cover-upload">
              {value ? t('projectUi.form.coverChange') : t('projectUi.form.coverUpload')}
            </Button>
          </Upload>
          {value && (
            <Button
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(null)}
              aria-label={t('projectUi.form.coverRemove')}
            >
              {t('projectUi.form.coverRemove')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary">{t('projectUi.form.coverHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
