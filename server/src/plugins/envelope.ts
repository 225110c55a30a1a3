// Every answer is the envelope { success, data, error }: handlers return data through ok(), and
// every failure (ours, the validator's, the router's, an unknown route, a crash, a lost database,
// a server shutting down) is shaped here. Every error names its request's id, as the log does.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, fieldError, type FieldError } from '../core/errors.ts';

export const ok = <T>(data: T) => ({ success: true, data, error: null });

const envelope = (err: HttpError, requestId: string) => ({
  success: false,
  data: null,
  error: {
    code: err.code,
    message: err.message,
    requestId,
    ...(err.params ? { params: err.params } : {}),
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err.current ? { current: err.current } : {}),
  },
});

/** A caller's X-Request-Id is kept only when it cannot forge or break a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

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

/** The request failures the router and the body parser report, said plainly. */
const CLIENT_ERRORS: Record<number, [code: string, message: string]> = {
  413: ['error.tooLarge', 'İstek çok büyük.'],
  414: ['error.uriTooLong', 'İstek adresi çok uzun.'],
  415: ['error.unsupportedMediaType', 'İstek gövdesi JSON olmalı.'],
};

export const unavailable = (message = 'Sunucu şu anda yanıt veremiyor, lütfen biraz sonra yeniden deneyin.') =>
  new HttpError(503, 'error.unavailable', message);

// The database is gone (stopped, restarting, unreachable), not the request at fault: a 503 the
// caller may retry, not a 500. Class 08 is a connection failure, 57P0x a server shutting down.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code) || NETWORK_CODES.has(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message);
}

// Two writes in each other's way (a deadlock, a serialization failure): the database undid one of
// them whole, and the same request again succeeds. A state of the moment, not a fault: a 503 the
// caller may retry, not a 500.
const WRITE_CONFLICT_CODES = new Set(['40P01', '40001']);
const isWriteConflict = (err: unknown) => WRITE_CONFLICT_CODES.has(String((err as { code?: unknown } | null)?.code));

/** The envelope of any failure, for the error handler and for the router's own errors. */
function toHttpError(error: FastifyError & { validation?: AjvError[] }, request: FastifyRequest): HttpError {
  if (error instanceof HttpError) {
    // A 503 of ours is a known state (shutting down, not ready), said by the request's line.
    if (error.status >= 500 && error.status !== 503) request.log.error(error);
    return error;
  }
  if (error.validation) {
    const fields = validationFields(error.validation);
    return new HttpError(400, 'error.validation', fields.map((f) => f.message).join(' '), { fields });
  }
  const status = error.statusCode;
  if (status && CLIENT_ERRORS[status]) return new HttpError(status, ...CLIENT_ERRORS[status]);
  // Malformed JSON, an undecodable path: the client's fault, said plainly.
  if (status && status >= 400 && status < 500) return new HttpError(status, 'error.badRequest', 'İstek okunamadı.');
  if (isWriteConflict(error)) {
    request.log.warn({ err: error }, 'a write ran into another one and was undone');
    return new HttpError(503, 'error.writeConflict', 'Bu işlem aynı anda yapılan başka bir işlemle çakıştı; hiçbir şey kaydedilmedi. Lütfen yeniden deneyin.');
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error(error);
    return unavailable();
  }
  request.log.error(error);
  return new HttpError(500, 'error.internal', 'Beklenmeyen bir hata oluştu.');
}

/** Answers a failure in the envelope; the request's log line names its code. */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const err = toHttpError(error, request);
  request.errorCode = err.code;
  // Also set here: the router's own refusals skip the onRequest hook that sets it.
  reply.header('x-request-id', request.id);
  // Every 429 says when to come back (seconds), as its params do for the translated message.
  if (err.status === 429 && typeof err.params?.seconds === 'number') reply.header('retry-after', String(err.params.seconds));
  return reply.status(err.status).send(envelope(err, String(request.id)));
}

/**
 * A request too malformed to be routed (bad HTTP, headers over the limit, too slow to arrive):
 * Node hands over the socket only, so the answer is written by hand, in the envelope still.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const code = status === 431 ? 'error.headersTooLarge' : 'error.badRequest';
  const requestId = randomUUID();
  const body = JSON.stringify(envelope(new HttpError(status, code, 'İstek okunamadı.'), requestId));
  this.log.info({ reqId: requestId, err: { code: err.code }, res: { statusCode: status } }, `client error ${status}`);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code an answer carried, for the request's log line. */
    errorCode: string | null;
  }
}

export default fp(async function envelopePlugin(app: FastifyInstance) {
  app.decorateRequest('errorCode', null);
  // Fastify's own 503 while closing is not in the envelope (return503OnClosing is off): a
  // request that arrives on a kept-alive connection once shutdown began is refused here.
  let closing = false;
  app.addHook('preClose', () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      throw unavailable('Sunucu kapanıyor, lütfen yeniden deneyin.');
    }
  });
  app.setErrorHandler(sendError);
  app.setNotFoundHandler((request, reply) => {
    request.errorCode = 'error.notFound';
    reply.status(404).send(envelope(new HttpError(404, 'error.notFound', 'Kayıt bulunamadı.'), String(request.id)));
  });
});

export { validationFields };
