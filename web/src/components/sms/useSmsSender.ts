import { App as AntdApp, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsScene } from '@sightline/shared';
import { useCaptcha, useSendSms } from '../../api/sms';

/**
 * The image code and SMS send of one form: checks the phone and image code fields, asks for the
 * code, and renews the image code after every attempt (each one is good for one send).
 */
export function useSmsSender({
  form,
  scene,
  scope,
  phoneField = 'phone',
  captchaField = 'captchaCode',
}: {
  form: FormInstance;
  scene: SmsScene;
  scope: string;
  phoneField?: string;
  captchaField?: string;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const captcha = useCaptcha(scope);
  const sendSms = useSendSms();

  const send = async (): Promise<boolean> => {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return false;
    }
    const captchaCode = String(form.getFieldValue(captchaField) ?? '').trim();
    if (!captchaCode) {
      form.setFields([{ name: captchaField, errors: [t('validation.required')] }]);
      return false;
    }
    const captchaId = captcha.data?.captchaId;
    if (!captchaId) {
      void captcha.refetch();
      return false;
    }
    try {
      await sendSms.mutateAsync({
        phone: String(form.getFieldValue(phoneField)),
        scene,
        captchaId,
        captchaCode,
      });
      void message.success(t('ui.auth.codeSent'));
      return true;
    } catch {
      return false;
    } finally {
      form.setFieldValue(captchaField, undefined);
      void captcha.refetch();
    }
  };

  return {
    captcha: captcha.data,
    captchaLoading: captcha.isFetching,
    refreshCaptcha: () => void captcha.refetch(),
    send,
    sending: sendSms.isPending,
  };
}
