// Every route comes from the contract (generated/openapi.json) through fastify-openapi-glue: it
// validates requests and serialises answers by the contract's schemas. Here each operationId is
// resolved to its handler: the generic CRUD engine for entity operations, a domain function for
// the rest. An operation without a handler stops the server at start.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { entities, type EntityMeta } from './crud/entities.ts';
import { type ConstraintErrors, type CrudDeps, create, getOne, listAll, remove, translateDbError, update } from './crud/handlers.ts';
import { listPage, type PagedListRequest } from './crud/list.ts';
import { ok } from './plugins/envelope.ts';
import { badRequest, fieldError } from './core/errors.ts';
import * as auth from './domain/auth.ts';
import { messagesOf, translateDtos } from './domain/translates.ts';
import { domainOperations } from './domain/hooks.ts';
import { Answered, type DomainDeps, type Operation, type Operations } from './domain/operations.ts';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Route = Handler | Partial<RouteOptions>;

export interface RouteDeps {
  crud: CrudDeps;
  domain: DomainDeps;
  auth: auth.AuthDeps;
}

/** The contract without `x-` keys inside schemas (the validator is strict); operations keep theirs. */
export function contractForServer(): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).filter(([k]) => !k.startsWith('x-')).map(([k, v]) => [k, strip(v)]));
  };
  const doc = structuredClone(contract) as Record<string, any>;
  doc.components.schemas = strip(doc.components.schemas);
  for (const item of Object.values<Record<string, any>>(doc.paths)) {
    for (const op of Object.values<Record<string, any>>(item)) {
      if (op.requestBody) op.requestBody = strip(op.requestBody);
      if (op.parameters) op.parameters = strip(op.parameters);
    }
  }
  return doc;
}

const userId = (request: FastifyRequest) => (request.user ? Number(request.user.sub) : undefined);
/** The contract's operations, by id. */
const contractOperations = Object.values(contract.paths as Record<string, Record<string, { operationId?: string; requestBody?: unknown; parameters?: { $ref?: string }[] }>>)
  .flatMap((item) => Object.values(item));

/** Operations that take an `Idempotency-Key` (components/parameters/IdempotencyKey). */
const idempotent = new Set(contractOperations.filter((op) => op.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey')).map((op) => op.operationId!));

/** The `Idempotency-Key` of a request to an operation that declares it (the contract validated it); ignored elsewhere. */
const idempotencyKeyOf = (request: FastifyRequest, operationId: string) => {
  const key = request.headers['idempotency-key'];
  return idempotent.has(operationId) && typeof key === 'string' ? key : undefined;
};

/** Who writes: the signed-in user, the claims the router checked, and the operation (audit trail). */
const writer = (request: FastifyRequest, operation: string) => ({ userId: userId(request), claims: request.user?.claims, operation });

/** Trims every text property of an entity body but secrets, before validation. */
function trimmer(e: EntityMeta) {
  const secrets = new Set(e.fields.filter((f) => f.secret).map((f) => f.payloadName));
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' && !secrets.has(k)) body[k] = v.trim();
  };
}

function entityRoutes(d: CrudDeps): Record<string, Route> {
  const routes: Record<string, Route> = {};
  for (const e of entities) {
    for (const [operationId, kind] of Object.entries(e.operations)) {
      const id = (r: FastifyRequest) => (r.params as { id: number }).id;
      const body = (r: FastifyRequest) => r.body as Record<string, unknown>;
      const handler: Handler = {
        list: async () => ok(await listAll(d, e)),
        page: async (r: FastifyRequest) => ok(await listPage(d.pool, e, r.body as PagedListRequest)),
        get: async (r: FastifyRequest) => ok(await getOne(d, e, id(r))),
        create: async (r: FastifyRequest) => ok(await create(d, e, body(r), writer(r, operationId), idempotencyKeyOf(r, operationId))),
        update: async (r: FastifyRequest) => ok(await update(d, e, body(r), writer(r, operationId), idempotencyKeyOf(r, operationId))),
        delete: async (r: FastifyRequest) => ok(await remove(d, e, id(r), writer(r, operationId))),
      }[kind];
      routes[operationId] = kind === 'create' || kind === 'update' ? { handler, preValidation: trimmer(e) } : handler;
    }
  }
  return routes;
}

/** The workflow operations of domain/: data answered in the envelope, or a stream written by itself. */
function workflowRoutes(ops: Operations, rules: ConstraintErrors): Record<string, Route> {
  const routes: Record<string, Route> = {};
  for (const [operationId, op] of Object.entries(ops)) {
    if (typeof op !== 'function') {
      routes[operationId] = (r, reply) => op.stream(r, reply);
      continue;
    }
    const run: Operation = op;
    routes[operationId] = async (r, reply) => {
      try {
        const answer = await run({
          params: (r.params ?? {}) as Record<string, unknown>,
          query: (r.query ?? {}) as Record<string, unknown>,
          body: r.body,
          headers: r.headers,
          idempotencyKey: idempotencyKeyOf(r, operationId),
          address: r.ip,
          userId: userId(r),
          operation: operationId,
          claims: r.user?.claims,
        });
        if (!(answer instanceof Answered)) return ok(answer);
        reply.code(answer.status);
        return ok(answer.data);
      } catch (err) {
        // A refusal of the database is answered as on the generic operations.
        translateDbError(undefined, err, rules);
      }
    };
  }
  return routes;
}

function domainRoutes(d: RouteDeps): Record<string, Route> {
  // Sign-in, registration and refresh count attempts by the client's address (auth.ts).
  return {
    login: async (r) => ok(await auth.login(d.auth, r.body as { email: string; password: string }, r.ip)),
    register: async (r) => ok(await auth.register(d.auth, r.body as Parameters<typeof auth.register>[1], r.ip)),
    refreshToken: async (r) => ok(await auth.refresh(d.auth, r.body as { refreshToken: string }, r.ip)),
    logout: async (r) => ok(await auth.logout(d.auth, r.body as { refreshToken: string })),
    getTranslationsByLanguage: async (r) => ok(await messagesOf(d.crud.pool, (r.params as { code: string }).code)),
    getTranslateDtos: async () => ok(await translateDtos(d.crud.pool)),
  };
}

/** Operations that take a JSON body: one must be there (the validator skips a missing body). */
const withBody = new Set(contractOperations.filter((op) => op.requestBody).map((op) => op.operationId!));
async function requireJsonBody(request: FastifyRequest) {
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
    throw badRequest([fieldError('body', 'required')]);
  }
}

export async function registerRoutes(app: FastifyInstance, d: RouteDeps) {
  const routes = { ...entityRoutes(d.crud), ...domainRoutes(d), ...workflowRoutes(domainOperations(d.domain), d.crud.constraintErrors ?? {}) };
  await app.register(openapiGlue, {
    specification: contractForServer(),
    prefix: 'api/v1',
    operationResolver: (operationId: string) => {
      const route = routes[operationId];
      if (!route) throw new Error(`operation ${operationId} of the contract has no handler`);
      const options: Partial<RouteOptions> = typeof route === 'function' ? { handler: route } : { ...route };
      if (withBody.has(operationId)) {
        const own = options.preValidation ? [options.preValidation].flat() : [];
        options.preValidation = [requireJsonBody, ...own] as RouteOptions['preValidation'];
      }
      return options as RouteOptions;
    },
  });
}
