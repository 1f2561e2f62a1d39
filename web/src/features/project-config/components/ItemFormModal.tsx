import type { ReactNode } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';

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
export function ItemFormModal<Values extends { name: string }>({ onSave, ...props }: ItemFormModalProps<Values>) {
  const { t } = useTranslation();

  const handleSubmit = async (values: Values) => {
    await onSave(values);
    return t('projectUi.common.saved');
  };

  return <FormDialog<Values> {...props} markRequired onSubmit={handleSubmit} />;
}
