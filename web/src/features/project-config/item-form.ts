import type { FormInstance } from 'antd';
import type { ErrorKey } from '@sightline/shared';
import { isApiError } from '../../api/client';
import { translate } from '../../i18n';
import { applyServerIssues } from '../../lib/form-rules';

/**
 * Checks a create/edit form and saves it: true once saved. A refusal stays on the form, so the dialog stays open
 * for a correction: the server's "name already taken" on the name field, its field issues on their fields.
 */
export async function saveItemForm<Values extends { name: string }>(
  form: FormInstance<Values>,
  save: (values: Values) => Promise<unknown>,
  nameTakenKey: ErrorKey,
): Promise<boolean> {
  let values: Values;
  try {
    values = await form.validateFields();
  } catch {
    // antd already shows what is wrong on the fields.
    return false;
  }
  try {
    await save(values);
    return true;
  } catch (error) {
    if (isApiError(error) && error.key === nameTakenKey) {
      // Widened: antd cannot resolve a name path of a generic form's values.
      const untyped: FormInstance = form;
      untyped.setFields([{ name: 'name', errors: [translate(`errors.${nameTakenKey}`, error.params)] }]);
    } else applyServerIssues(form, error);
    return false;
  }
}
