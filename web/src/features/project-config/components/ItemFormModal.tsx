import type { ReactNode } from 'react';
import { App as AntdApp, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '@sightline/shared';
import { saveItemForm } from '../item-form';

interface ItemFormModalProps<Values extends { name: string }> {
  title: string;
  form: FormInstance<Values>;
  initialValues: Values;
  testId?: string;
  saving: boolean;
  /** The server's refusal of a name the project already uses; shown on the name field. */
  nameTakenKey: ErrorKey;
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
  /** The form's items. */
  children: ReactNode;
}

/** The create/edit dialog of an item of a project configuration list: it closes once the item is saved. */
export function ItemFormModal<Values extends { name: string }>({
  title,
  form,
  initialValues,
  testId,
  saving,
  nameTakenKey,
  onSave,
  onClose,
  children,
}: ItemFormModalProps<Values>) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();

  const handleOk = async () => {
    if (!(await saveItemForm(form, onSave, nameTakenKey))) return;
    void message.success(t('projectUi.common.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={title}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={initialValues} data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}
