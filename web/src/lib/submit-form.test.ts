import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { submitForm } from './submit-form';

interface Values {
  name: string;
  value: string;
}

/** The part of an antd form that submitting uses: values that pass or fail, and the errors put on fields. */
function fakeForm(values: Values, valid = true) {
  const setFields = vi.fn();
  const form = {
    validateFields: () => (valid ? Promise.resolve(values) : Promise.reject(new Error('invalid'))),
    getFieldsValue: () => values,
    setFields,
  } as unknown as FormInstance<Values>;
  return { form, setFields };
}

function refusal(key: string, data: unknown = null, params?: Record<string, string>) {
  return new ApiError({ kind: 'business', code: 4000, key, params, status: 200, data, toast: null, action: null });
}

describe('submitting a form', () => {
  it('saves the checked values and resolves to what the save resolved to', async () => {
    const { form, setFields } = fakeForm({ name: 'Span', value: '3' });
    const save = vi.fn().mockResolvedValue({ id: 1 });
    expect(await submitForm(form, save, 'PROJECT_CUSTOM_NAME_ERROR')).toEqual({ id: 1 });
    expect(save).toHaveBeenCalledWith({ name: 'Span', value: '3' });
    expect(setFields).not.toHaveBeenCalled();
  });

  it('does not save values the form refuses', async () => {
    const { form } = fakeForm({ name: '', value: '' }, false);
    const save = vi.fn();
    expect(await submitForm(form, save, 'PROJECT_CUSTOM_NAME_ERROR')).toBeUndefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('puts a taken name on the name field', async () => {
    await i18n.changeLanguage('en');
    const { form, setFields } = fakeForm({ name: 'Span', value: '3' });
    const save = vi.fn().mockRejectedValue(refusal('PROJECT_CUSTOM_NAME_ERROR'));
    expect(await submitForm(form, save, 'PROJECT_CUSTOM_NAME_ERROR')).toBeUndefined();
    expect(setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['This custom name already exists'] }]);
  });

  it("puts the server's field issues on their fields", async () => {
    await i18n.changeLanguage('en');
    const { form, setFields } = fakeForm({ name: 'Span', value: '3' });
    const issues = [{ path: 'value', key: 'required' }];
    const save = vi.fn().mockRejectedValue(refusal('VALIDATION_ERROR', { issues }));
    expect(await submitForm(form, save, 'PROJECT_CUSTOM_NAME_ERROR')).toBeUndefined();
    expect(setFields).toHaveBeenCalledWith([{ name: 'value', errors: ['This field is required'] }]);
  });

  it('leaves a refusal of the name to the field issues when no taken-name key is given', async () => {
    await i18n.changeLanguage('en');
    const { form, setFields } = fakeForm({ name: 'Span', value: '3' });
    const issues = [{ path: 'value', key: 'required' }];
    const save = vi.fn().mockRejectedValue(refusal('PROJECT_CUSTOM_NAME_ERROR', { issues }));
    expect(await submitForm(form, save)).toBeUndefined();
    expect(setFields).toHaveBeenCalledWith([{ name: 'value', errors: ['This field is required'] }]);
  });
});
