import type { FormInstance, FormRule } from 'antd';
import { translate } from '../i18n';
import { isApiError } from '../api/client';
import { fieldMessageOf, issueForField, type FieldMessage, type ObjectParser, type Parser } from './field-issues';

/**
 * antd form rules built from the shared zod schemas (ARCHITECTURE section 3: one schema for server
 * and forms). Zod issue messages are validation keys; they are shown as t('validation.<key>').
 */
export function translateFieldMessage(message: FieldMessage): string {
  return translate(`validation.${message.key}`, message.params);
}

interface ZodRuleOptions {
  /** Turns the form's values into the schema's input (when the form's fields differ from the body). */
  toInput?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The schema path the field stands for, when it differs from the field name. */
  path?: string;
}

/** One antd rule that validates `field` with the shared schema. */
export function zodRule(schema: ObjectParser, field: string, options: ZodRuleOptions = {}): FormRule {
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const input = options.toInput ? options.toInput(values) : values;
      const message = issueForField(schema, input, options.path ?? field);
      if (message) throw new Error(translateFieldMessage(message));
    },
  });
}

/** The confirmation field must equal `other` (the shared schemas' passwordMismatch, checked as you type). */
export function matchesRule(other: string): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== form.getFieldValue(other)) throw new Error(translate('validation.passwordMismatch'));
    },
  });
}

/** A plain "required" rule for fields the body schema does not cover (image code, agreement). */
export function requiredRule(): FormRule {
  return { required: true, message: translate('validation.required') };
}

/** Puts the field issues of a 4000 answer on the form's fields; true when there were any. */
export function applyServerIssues(form: FormInstance, error: unknown, fieldMap: Record<string, string> = {}): boolean {
  if (!isApiError(error)) return false;
  const issues = error.issues;
  if (issues.length === 0) return false;
  const names = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = issues
    .map((issue) => ({ name: fieldMap[issue.path] ?? issue.path, issue }))
    .filter(({ name }) => names.has(name) || Object.values(fieldMap).includes(name))
    .map(({ name, issue }) => ({
      name,
      errors: [translate(`validation.${issue.key}`, issue.params)],
    }));
  form.setFields(fields);
  return fields.length > 0;
}

/** Validates one value with a field schema of the shared package (e.g. smsCodeField). */
export function valueRule(parser: Parser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = parser.safeParse(value);
      const issue = result.success ? undefined : result.error?.issues[0];
      if (issue) throw new Error(translateFieldMessage(fieldMessageOf(issue)));
    },
  };
}
