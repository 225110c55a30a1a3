// The envelope of failures: a crash answers a generic message (details only in the log), a
// thrown HttpError answers its code and fields, an unknown route a 404 envelope.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import envelope from '../../server/src/plugins/envelope.ts';
import { HttpError, fieldError } from '../../server/src/core/errors.ts';

async function app() {
  const logged: unknown[] = [];
  const a = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
  await a.register(envelope);
  a.get('/crash', async () => { throw new Error('secret detail: connection string postgres://u:p@h'); });
  a.get('/conflict', async () => { throw new HttpError(409, 'error.conflict.unique', 'Bu değer zaten kullanılıyor.', { fields: [fieldError('code', 'unique')] }); });
  return { a, logged };
}

describe('envelope', () => {
  it('answers a crash with a generic 500 and keeps the detail in the log', async () => {
    const { a, logged } = await app();
    const res = await a.inject({ url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, data: null, error: { code: 'error.internal', message: 'Beklenmeyen bir hata oluştu.', requestId: expect.any(String) } });
    expect(res.body).not.toContain('secret detail');
    expect(JSON.stringify(logged)).toContain('secret detail');
  });

  it('answers an HttpError with its status, code and fields', async () => {
    const { a } = await app();
    const res = await a.inject({ url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'error.conflict.unique', message: 'Bu değer zaten kullanılıyor.', requestId: expect.any(String), fields: [{ field: 'code', code: 'validation.unique', message: 'code zaten kullanılıyor.' }] });
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const { a } = await app();
    const res = await a.inject({ url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null, error: { code: 'error.notFound' } });
  });
});
