// The contract's rules for one form, checked in plain code. The forms' schemas are flat objects
// using a handful of JSON Schema keywords (codegen writes them), so no schema compiler is needed:
// ajv compiles with `new Function`, which the app's Content-Security-Policy rightly forbids.
import type { RJSFSchema } from '@rjsf/utils';

export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

type Prop = RJSFSchema & Record<string, unknown>;
type FormatCheck = RegExp | ((value: string) => boolean);

const STANDARD_FORMATS: Record<string, FormatCheck> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': (v) => !Number.isNaN(Date.parse(v)),
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

function fitsType(value: unknown, type: RJSFSchema['type']): boolean {
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  const actual = typeOf(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** The failures of `data` against a flat object schema, in ajv's shape (keyword, path, params). */
export function checkSchema(schema: RJSFSchema, data: Record<string, unknown> | undefined, formats: Record<string, FormatCheck> = {}): SchemaError[] {
  const errors: SchemaError[] = [];
  const values = data ?? {};
  const known = { ...STANDARD_FORMATS, ...formats };
  for (const name of schema.required ?? []) {
    if (values[name] === undefined) errors.push({ keyword: 'required', instancePath: '', params: { missingProperty: name } });
  }
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const prop = raw as Prop;
    const value = values[name];
    if (value === undefined) continue;
    const fail = (keyword: string, params: Record<string, unknown> = {}) => errors.push({ keyword, instancePath: `/${name}`, params });
    if (!fitsType(value, prop.type)) { fail('type'); continue; }
    if (value === null) continue;
    if (prop.enum && !prop.enum.includes(value as never)) fail('enum', { allowedValues: prop.enum });
    if (typeof value === 'string') {
      const length = [...value].length;
      if (prop.minLength !== undefined && length < prop.minLength) fail('minLength', { limit: prop.minLength });
      if (prop.maxLength !== undefined && length > prop.maxLength) fail('maxLength', { limit: prop.maxLength });
      if (prop.pattern && !new RegExp(prop.pattern, 'u').test(value)) fail('pattern', { pattern: prop.pattern });
      const check = prop.format ? known[prop.format] : undefined;
      if (check && !(typeof check === 'function' ? check(value) : check.test(value))) fail('format', { format: prop.format });
    }
    if (typeof value === 'number') {
      if (prop.minimum !== undefined && value < prop.minimum) fail('minimum', { limit: prop.minimum });
      if (prop.maximum !== undefined && value > prop.maximum) fail('maximum', { limit: prop.maximum });
      if (typeof prop.exclusiveMinimum === 'number' && value <= prop.exclusiveMinimum) fail('exclusiveMinimum', { limit: prop.exclusiveMinimum });
      if (typeof prop.exclusiveMaximum === 'number' && value >= prop.exclusiveMaximum) fail('exclusiveMaximum', { limit: prop.exclusiveMaximum });
    }
  }
  return errors;
}
