import type { ReactNode } from 'react';
import { App as AntdApp, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '@sightline/shared';
import { submitForm } from '../lib/submit-form';

interface FormDialogProps<Values> {
  title: string;
  /** The confirming button; "Save" when not given. */
  okText?: string;
  width?: number;
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  testId?: string;
  saving: boolean;
  /** Shows the required marks, the form flush under the title (the project configuration's dialogs). */
  markRequired?: boolean;
  /** The server's refusal of a name already in use, shown on the `name` field. */
  nameTakenKey?: ErrorKey;
  /**
   * Saves the checked values and resolves to the message that confirms it; null when there was nothing to save
   * (the dialog then stays open, having said why).
   */
  onSubmit: (values: Values) => Promise<string | null>;
  onClose: () => void;
  /** The form's items. */
  children: ReactNode;
}

/**
 * A dialog around one form: OK checks and saves it, and closes it once saved; a refusal stays on the fields, so
 * the dialog stays open for a correction.
 */
export function FormDialog<Values>({
  title,
  okText,
  width,
  form,
  initialValues,
  testId,
  saving,
  markRequired = false,
  nameTakenKey,
  onSubmit,
  onClose,
  children,
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();

  const handleOk = async () => {
    const confirmation = await submitForm(form, onSubmit, nameTakenKey);
    if (!confirmation) return;
    void message.success(confirmation);
    onClose();
  };

  return (
    <Modal
      open
      width={width}
      title={title}
      okText={okText ?? t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        {...(markRequired ? {} : { requiredMark: false, style: { marginTop: 16 } })}
        initialValues={initialValues}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}
