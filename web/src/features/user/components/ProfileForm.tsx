import { App as AntdApp, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, profileBodySchema, type ProfileBody, type UserInfo } from '@sightline/shared';
import { currentLanguage, setLanguage } from '../../../i18n';
import { LANGUAGE_LABELS } from '../../../i18n/language';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useUpdateProfile } from '../api';

/** Name, email, organization, position and the saved language, which applies at once when saved. */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<ProfileBody>();
  const update = useUpdateProfile();
  const rule = (field: keyof ProfileBody) => zodRule(profileBodySchema, field);

  const handleFinish = async (values: ProfileBody) => {
    const body = profileBodySchema.parse(values);
    try {
      await update.mutateAsync(body);
      if (body.language && body.language !== currentLanguage()) await setLanguage(body.language);
      void message.success(t('ui.personal.profileSaved'));
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <Form<ProfileBody>
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{
        name: user.name,
        email: user.email ?? '',
        organization: user.organization ?? '',
        position: user.position ?? '',
        language: user.language,
      }}
      onFinish={(values) => void handleFinish(values)}
      data-testid="profile-form"
    >
      <Form.Item name="name" label={t('ui.personal.name')} rules={[rule('name')]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" label={t('ui.personal.email')} rules={[rule('email')]}>
        <Input placeholder={t('ui.personal.emailPlaceholder')} autoComplete="email" type="email" />
      </Form.Item>
      <Form.Item name="organization" label={t('ui.personal.organization')} rules={[rule('organization')]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item name="position" label={t('ui.personal.position')} rules={[rule('position')]}>
        <Input autoComplete="organization-title" />
      </Form.Item>
      <Form.Item name="language" label={t('ui.personal.language')} rules={[rule('language')]}>
        <Select
          options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_LABELS[language] }))}
          data-testid="profile-language"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
        {t('ui.common.save')}
      </Button>
    </Form>
  );
}
