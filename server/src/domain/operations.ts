// What a workflow module hands the router: its operations (by the contract's operationId), the
// rules it adds to the generic CRUD of its entities (hooks, run inside the write's transaction),
// and the answers to give when one of its database constraints refuses a write.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { ConstraintErrors, CrudDeps, EntityHooks } from '../crud/handlers.ts';
import type { RateLimits } from '../db/rate-limits.ts';
import type { MonitorFeed } from './monitor.ts';
import type { TrackingFeed } from './tracking.ts';

/** A request as an operation sees it: already validated by the contract, claims already checked. */
export interface OperationInput {
  params: Record<string, any>;
  query: Record<string, any>;
  body: any;
  headers: Record<string, string | string[] | undefined>;
  /** The request's `Idempotency-Key`, when the operation declares one in the contract (else ignored). */
  idempotencyKey?: string;
  /** The client's address (through the proxies TRUST_PROXY names): what rate limits count by. */
  address: string;
  /** The signed-in user (none on public operations). */
  userId?: number;
  /** The contract's operationId: what the audit trail records as the operation of the writes (`inTransaction`'s scope). */
  operation: string;
  /** The signed-in user's claims, as the router checked them (for an operation whose rule needs more than its `x-claim`). */
  claims?: readonly string[];
}

/** An answer with a status of its own (a 201 for what an operation created). */
export class Answered {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, data: unknown) {
    this.status = status;
    this.data = data;
  }
}

/** Answers data, which the router wraps in the envelope `{ success, data, error }`. */
export type Operation = (input: OperationInput) => Promise<unknown>;

/** An operation that writes its own answer (an event stream). */
export interface StreamOperation {
  stream(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export type Operations = Record<string, Operation | StreamOperation>;

export interface DomainDeps {
  pool: pg.Pool;
  crud: CrudDeps;
  /** This server instance's Monitor listener and open event streams. */
  monitorFeed: MonitorFeed;
  /** This server instance's open tracking streams (the public page's live view). */
  trackingFeed: TrackingFeed;
  /** The attempt counters (the webhook's wrong secrets). */
  limits: RateLimits;
}

export interface WorkflowModule {
  operations?(deps: DomainDeps): Operations;
  hooks?: Record<string, EntityHooks>;
  constraintErrors?: ConstraintErrors;
}
