// The fuzzer's oracle (tests/support/fuzz.ts) finds what it must: a test of the test, so that a
// green fuzz run means the answers were really checked against the contract.
import { describe, expect, it } from 'vitest';
import { checkAnswer, operations } from '../support/fuzz.ts';

const op = (id: string) => operations().find((o) => o.operationId === id)!;
const json = { 'content-type': 'application/json; charset=utf-8' };
const error = (code: string) => JSON.stringify({ success: false, data: null, error: { code, message: 'm', requestId: 'r' } });

describe('the fuzzer oracle', () => {
  it('knows every operation of the contract, with its declared answers', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(200);
    expect(new Set(all.map((o) => o.operationId)).size).toBe(all.length);
    expect(op('getAccountTypeById')).toMatchObject({ method: 'GET', path: '/AccountTypes/{id}', entity: { name: 'AccountType', kind: 'get' } });
    expect(op('getMonitorEvents').stream).toBe(true);
  });

  it('passes an answer the contract declares, in its schema', () => {
    expect(checkAnswer(op('getAccountTypeById'), { status: 404, headers: json, body: error('error.notFound') })).toBeNull();
    const row = { id: 1, createdAt: '2026-05-27T09:30:00.000Z', updatedAt: '2026-05-27T09:30:00.000Z', rowVersion: 1, name: 'Müşteri', description: null };
    expect(checkAnswer(op('getAccountTypeById'), { status: 200, headers: json, body: JSON.stringify({ success: true, data: row, error: null }) })).toBeNull();
  });

  it('fails a 5xx, an undeclared status, an undeclared content type and a body off its schema', () => {
    const get = op('getAccountTypeById');
    expect(checkAnswer(get, { status: 500, headers: json, body: error('error.internal') })).toMatch(/server error 500/);
    expect(checkAnswer(get, { status: 503, headers: json, body: error('error.unavailable') })).toMatch(/server error 503/);
    expect(checkAnswer(get, { status: 409, headers: json, body: error('error.conflict') })).toMatch(/409 is not declared/);
    expect(checkAnswer(get, { status: 404, headers: { 'content-type': 'text/html' }, body: '<p>' })).toMatch(/content type "text\/html" is not declared/);
    expect(checkAnswer(get, { status: 404, headers: json, body: '{"success":false}' })).toMatch(/does not match the 404 schema/);
    const blank = { id: 1, createdAt: '2026-05-27T09:30:00.000Z', updatedAt: '2026-05-27T09:30:00.000Z', rowVersion: 1, name: '', description: null };
    expect(checkAnswer(get, { status: 200, headers: json, body: JSON.stringify({ success: true, data: blank, error: null }) })).toMatch(/\/data\/name must NOT have fewer than 1 characters/);
  });

  it('checks the events of a stream against their schemas', () => {
    const events = op('getMonitorEvents');
    const stream = { 'content-type': 'text/event-stream; charset=utf-8' };
    expect(checkAnswer(events, { status: 200, headers: stream, body: 'retry: 3000\n\nid: 1\nevent: snapshot\ndata: {"date":1}\n\n' })).toMatch(/event "snapshot" does not match/);
    expect(checkAnswer(events, { status: 200, headers: stream, body: 'id: 1\nevent: other\ndata: {}\n\n' })).toMatch(/event "other" is not declared/);
  });
});
