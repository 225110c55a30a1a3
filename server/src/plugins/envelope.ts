// Every answer is the envelope { success, data, error }: handlers return data through ok(), and
// every failure (ours, the validator's, an unknown route, a crash) is shaped here.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, fieldError, type FieldError } from '../core/errors.ts';

export const ok = <T>(data: T) => ({ success: true, data, error: null });

const envelope = (err: HttpError) => ({
  success: false,
  data: null,
  error: {
    code: err.code,
    message: err.message,
    ...(err.params ? { params: err.params } : {}),
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err.current ? { current: err.current } : {}),
  },
});

interface AjvError { keyword: string; instancePath: string; params: Record<string, unknown> }

/** The validator's findings as field errors with translation keys. */
function validationFields(errors: AjvError[]): FieldError[] {
  return errors.map((v) => {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = v.keyword === 'required' ? [path, v.params.missingProperty].filter(Boolean).join('.') : path || 'body';
    const params: Record<string, unknown> = {};
    if (v.params.limit !== undefined) params[v.keyword.startsWith('min') || v.keyword === 'exclusiveMinimum' ? 'min' : 'max'] = v.params.limit;
    if (v.params.allowedValues) params.allowed = v.params.allowedValues;
    return fieldError(field, v.keyword, params);
  });
}

export default fp(async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: AjvError[] }, request, reply) => {
    if (error instanceof HttpError) {
      if (error.status >= 500) request.log.error(error);
      return reply.status(error.status).send(envelope(error));
    }
    if (error.validation) {
      const fields = validationFields(error.validation);
      return reply.status(400).send(envelope(new HttpError(400, 'error.validation', fields.map((f) => f.message).join(' '), { fields })));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(envelope(new HttpError(429, 'error.tooManyRequests', 'Çok fazla deneme yapıldı, lütfen biraz sonra yeniden deneyin.')));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's fault, said plainly.
      const code = error.statusCode === 413 ? 'error.tooLarge' : 'error.badRequest';
      const message = error.statusCode === 413 ? 'İstek çok büyük.' : 'İstek okunamadı.';
      return reply.status(error.statusCode).send(envelope(new HttpError(error.statusCode, code, message)));
    }
    request.log.error(error);
    return reply.status(500).send(envelope(new HttpError(500, 'error.internal', 'Beklenmeyen bir hata oluştu.')));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope(new HttpError(404, 'error.notFound', 'Kayıt bulunamadı.')));
  });
});

export { validationFields };
