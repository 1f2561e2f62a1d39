import { App as AntdApp, Button, Flex, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StoredAvatar } from '../../../components/StoredImage';
import { useUploadAvatar } from '../api';
import { checkAvatarFile } from '../avatar-file';

/** The avatar: JPG or PNG; 3 MB recommended (hint), 10 MB refused (error) — SPEC section 5 keeps both. */
export function AvatarUploader({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const upload = useUploadAvatar();

  const handleFile = async (file: File) => {
    const problem = checkAvatarFile(file);
    if (problem) {
      void message.error(t(`validation.${problem.key}`, problem.params));
      return;
    }
    try {
      await upload.mutateAsync(file);
      void message.success(t('ui.personal.avatarUploaded'));
    } catch {
      // The client showed the server's reason.
    }
  };

  return (
    <Flex align="center" gap={20}>
      <StoredAvatar size={88} url={url} alt={name} data-testid="avatar" />
      <Flex vertical gap={8} align="flex-start">
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="avatar-upload">
            {t('ui.personal.changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('ui.personal.avatarHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
