// Rules every request's input meets before the contract's validator sees it, whatever the route:
// - no string holds U+0000 (NUL): PostgreSQL text cannot store it, so it could only end in a
//   database error; refused wherever it is (path, query, body, a key or a value);
// - an integer in the path or the query string is written as digits (an optional minus): the
//   validator's coercion would read `+1`, ` 1`, `1e3` or `0x10` as numbers, so `DELETE …/1e3`
//   would delete row 1000.
// Both answer 400 `error.validation` naming the field, as the validator's own findings do.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, fieldError, type FieldError } from '../core/errors.ts';

const NUL = '\u0000';
const INTEGER = /^-?[0-9]+$/;
/** Enough to show what is wrong: a body full of NULs is not listed whole, a deep one not named to the bottom. */
const MAX_FIELDS = 20;
const MAX_DEPTH = 16;

/**
 * The fields of `root` whose string value or key holds NUL, named as the validator names them
 * (`FilterParam.0.FilterValue`). Walked with a stack: a deeply nested body cannot overflow it.
 */
function nulFields(root: unknown, out: Set<string>) {
  const stack: [value: unknown, path: string, depth: number][] = [[root, '', 0]];
  while (stack.length && out.size < MAX_FIELDS) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) out.add(path || 'body');
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) out.add(path || 'body');
        else stack.push([item, depth >= MAX_DEPTH ? path : path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
}

interface ObjectSchema { properties?: Record<string, { type?: unknown }> }
const isInteger = (schema: { type?: unknown } | undefined) =>
  schema?.type === 'integer' || (Array.isArray(schema?.type) && schema.type.includes('integer'));

/** Integer parameters (by the route's schema) whose raw text is not plain digits; `skip`: already refused. */
function looseIntegers(values: unknown, schema: unknown, skip: Set<string>, out: FieldError[]) {
  const properties = (schema as ObjectSchema | undefined)?.properties;
  if (!properties || !values || typeof values !== 'object') return;
  for (const [name, raw] of Object.entries(values)) {
    if (!isInteger(properties[name]) || skip.has(name)) continue;
    const texts = Array.isArray(raw) ? raw : [raw];
    if (texts.some((t) => typeof t === 'string' && !INTEGER.test(t))) out.push(fieldError(name, 'type'));
  }
}

function inputErrors(request: FastifyRequest): FieldError[] {
  const nul = new Set<string>();
  nulFields(request.params, nul);
  nulFields(request.query, nul);
  if (request.body !== undefined) nulFields(request.body, nul);
  const errors = [...nul].map((field) => fieldError(field, 'nulCharacter'));
  const schema = request.routeOptions.schema;
  looseIntegers(request.params, schema?.params, nul, errors);
  looseIntegers(request.query, schema?.querystring, nul, errors);
  return errors;
}

export default fp(async function inputGuard(app: FastifyInstance) {
  // preValidation: the body is parsed, the validator has not coerced anything yet.
  app.addHook('preValidation', async (request) => {
    const errors = inputErrors(request);
    if (errors.length) throw badRequest(errors);
  });
});
