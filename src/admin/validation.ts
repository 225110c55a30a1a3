// The entity form's validator, for rjsf. First the app's generic validator of the specification
// (section 5, `@/lib/validation.ts`): every field marked required fails when empty, null, false or
// an empty object (after trimming) with '{label} zorunludur.'; a number (or money string) below its
// minimum with '{label} en az {min} olmalı.'. Then the contract's other rules (lengths, patterns,
// formats, exclusive and upper money bounds) in plain code (schema-check.ts), each as `t('validation.<keyword>', …)`.
// One message per field, the most basic first.
import { FORMAT_PATTERNS } from '../../common/formats.ts';
import { checkSchema, type SchemaError as ErrorObject } from './schema-check.ts';
import { toErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils';
import { t } from '@/lib/i18n.ts';
import { isEmpty, validate, type FieldRule } from '@/lib/validation.ts';

export type FormData = Record<string, unknown>;
type PropertySchema = RJSFSchema & Record<string, unknown>;

/** The contract's own formats (openapi/README.md), checked as the server checks them. */
const CONTRACT_FORMATS = {
  ...FORMAT_PATTERNS,
  percent: () => true, // a number 0–100: its bounds are the schema's minimum and maximum
  // identity-number: the pattern (10 or 11 digits) is checked here; the check digits by the
  // server alone, whose refusal shows on the field like any other.
};


/** Which failure is reported when a field breaks several rules. */
const PRIORITY = ['type', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'minLength', 'maxLength', 'format', 'pattern', 'enum'];
const rank = (keyword: string) => {
  const i = PRIORITY.indexOf(keyword);
  return i < 0 ? PRIORITY.length : i;
};

export interface FieldMessage {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

/** The message of one failed rule, with the field's label. */
function ruleMessage(error: ErrorObject, label: string): FieldMessage {
  const limit = (error.params as { limit?: unknown }).limit;
  switch (error.keyword) {
    case 'exclusiveMinimum':
    case 'minLength':
      return { keyword: error.keyword, message: t(`validation.${error.keyword}`, { label, min: limit }), params: { min: limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { keyword: 'maximum', message: t('validation.maximum', { label, max: limit }), params: { max: limit } };
    case 'maxLength':
      return { keyword: 'maxLength', message: t('validation.maxLength', { label, max: limit }), params: { max: limit } };
    case 'pattern':
    case 'format':
    case 'type':
    case 'enum':
      return { keyword: error.keyword, message: t(`validation.${error.keyword}`, { label }), params: {} };
    default:
      return { keyword: error.keyword, message: t('validation.invalid', { label }), params: {} };
  }
}

/** Bounds of money and decimal strings beyond the minimum (`x-exclusive-minimum`, `x-maximum`). */
function stringBoundMessage(prop: PropertySchema, value: unknown, label: string): FieldMessage | undefined {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return undefined;
  const n = Number(value);
  const exclusiveMin = prop['x-exclusive-minimum'];
  const max = prop['x-maximum'];
  if (typeof exclusiveMin === 'number' && n <= exclusiveMin) {
    return { keyword: 'exclusiveMinimum', message: t('validation.exclusiveMinimum', { label, min: exclusiveMin }), params: { min: exclusiveMin } };
  }
  if (typeof max === 'number' && n > max) return { keyword: 'maximum', message: t('validation.maximum', { label, max }), params: { max } };
  return undefined;
}

/** The minimum of a number, or (`x-minimum`) of a money or decimal string. */
function minimumOf(prop: PropertySchema | undefined): number | undefined {
  if (!prop) return undefined;
  if (typeof prop.minimum === 'number') return prop.minimum;
  const x = prop['x-minimum'];
  return typeof x === 'number' ? x : undefined;
}

/** The field a failure belongs to (entity forms are flat objects). */
function fieldOfError(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return String((error.params as { missingProperty?: unknown }).missingProperty ?? '').replace(/^'|'$/g, '') || undefined;
  const path = error.instancePath.replace(/^\//, '').split('/')[0];
  return path || undefined;
}

/**
 * Validates an entity form: one message per failing field (keyed by property name), each with the
 * field's label (its schema title is a translation key).
 */
export function validateEntityForm(schema: RJSFSchema, formData: FormData | undefined, rawErrors: ErrorObject[]): Record<string, FieldMessage> {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const required = new Set(schema.required ?? []);
  const data = formData ?? {};
  const labelOf = (name: string) => t(String(properties[name]?.title ?? name));
  const out: Record<string, FieldMessage> = {};

  // Section 5: required and minimum, by the app's generic validator.
  const rules: FieldRule[] = Object.entries(properties)
    .filter(([, prop]) => !prop.readOnly)
    .map(([name, prop]) => ({ name, label: labelOf(name), required: required.has(name), min: minimumOf(prop) }));
  for (const [name, message] of Object.entries(validate(rules, data).invalid)) {
    const min = minimumOf(properties[name]);
    out[name] = required.has(name) && isEmpty(data[name])
      ? { keyword: 'required', message, params: {} }
      : { keyword: 'minimum', message, params: { min } };
  }
  const ranked = [...rawErrors].sort((a, b) => rank(a.keyword) - rank(b.keyword));
  for (const error of ranked) {
    const name = fieldOfError(error);
    // Required and minimum are the generic validator's (above).
    if (!name || out[name] || properties[name]?.readOnly || error.keyword === 'required' || error.keyword === 'minimum') continue;
    // An empty optional value is not a failure (a nullable text cleared, an optional number left out).
    if (!required.has(name) && isEmpty(data[name]) && data[name] !== false) continue;
    out[name] = ruleMessage(error, labelOf(name));
  }
  for (const name of Object.keys(properties)) {
    if (out[name]) continue;
    const bound = stringBoundMessage(properties[name], data[name], labelOf(name));
    if (bound) out[name] = bound;
  }
  return out;
}

/** The validator the forms use: the contract's rules in plain code, the messages above for the words. */
export const entityFormValidator: ValidatorType<FormData> = {
  validateFormData(formData, schema) {
    const messages = validateEntityForm(schema, formData, checkSchema(schema, formData, CONTRACT_FORMATS));
    const errors: RJSFValidationError[] = Object.entries(messages).map(([name, m]) => ({
      name: m.keyword,
      property: `.${name}`,
      message: m.message,
      params: m.params,
      stack: m.message,
      title: name,
    }));
    return { errors, errorSchema: toErrorSchema<FormData>(errors) };
  },
  isValid: (schema, formData) => checkSchema(schema, formData as FormData, CONTRACT_FORMATS).length === 0,
  rawValidation: <Result = unknown>(schema: RJSFSchema, formData?: FormData) => ({ errors: checkSchema(schema, formData, CONTRACT_FORMATS) as Result[] }),
  reset: () => {},
};
