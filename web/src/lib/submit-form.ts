import type { FormInstance } from 'antd';
import type { ErrorKey } from '@sightline/shared';
import { isApiError } from '../api/client';
import { translate } from '../i18n';
import { applyServerIssues } from './form-rules';

/**
 * Checks a form and saves its values: resolves to what the save resolved to, or to undefined when nothing was
 * saved (so a save itself never resolves to undefined). A refusal stays on the form, so its dialog stays open for
 * a correction: the server's "name already taken" (`nameTakenKey`) on the name field, its field issues on their
 * fields.
 */
export async function submitForm<Values, Saved extends NonNullable<unknown> | null>(
  form: FormInstance<Values>,
  save: (values: Values) => Promise<Saved>,
  nameTakenKey?: ErrorKey,
): Promise<Saved | undefined> {
  let values: Values;
  try {
    values = await form.validateFields();
  } catch {
    // antd already shows what is wrong on the fields.
    return undefined;
  }
  try {
    return await save(values);
  } catch (error) {
    if (nameTakenKey && isApiError(error) && error.key === nameTakenKey) {
      // Widened: antd cannot resolve a name path of a generic form's values.
      const untyped: FormInstance = form;
      untyped.setFields([{ name: 'name', errors: [translate(`errors.${nameTakenKey}`, error.params)] }]);
    } else applyServerIssues(form, error);
    return undefined;
  }
}
