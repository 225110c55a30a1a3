// The season at a glance (GET Dashboard/summary), computed by the database in one statement.
// A season is the orders dated in its year; money is in the default currency; "today" is the
// calendar day in Istanbul.
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

// Money leaves as text (a JSON number would become a float); instants as ISO 8601 in UTC, as
// every other answer writes them.
const SUMMARY = `
WITH p AS (
  SELECT coalesce($1::int, kurban_season_year()) AS season,
         (now() AT TIME ZONE 'Europe/Istanbul')::date AS today,
         kurban_default_currency() AS currency
), season_orders AS (
  SELECT o.* FROM victim_orders o, p
  WHERE o.order_date >= make_date(p.season, 1, 1) AND o.order_date < make_date(p.season + 1, 1, 1)
), animals AS (
  -- Animals that are active or have orders this season, with the season's shares sold on them.
  SELECT pr.share_capacity AS capacity,
         coalesce((SELECT sum(o.share_count) FROM season_orders o WHERE o.product_id = pr.id AND o.status <> 'cancelled'), 0) AS sold
  FROM products pr
  WHERE pr.share_capacity IS NOT NULL
    AND (pr.is_active OR EXISTS (SELECT 1 FROM season_orders o WHERE o.product_id = pr.id))
), queue AS (
  SELECT q.current_step_id, count(*)::int AS n FROM victim_products_appointments q, p
  WHERE q.slaughter_day >= make_date(p.season, 1, 1) AND q.slaughter_day < make_date(p.season + 1, 1, 1)
  GROUP BY q.current_step_id
)
SELECT json_build_object(
  'season', p.season,
  'today', p.today,
  'currencyCode', (SELECT code FROM currency_types WHERE id = p.currency),
  'shares', (SELECT json_build_object(
      'animals', count(*)::int,
      'animalsFull', (count(*) FILTER (WHERE sold >= capacity AND capacity > 0))::int,
      'capacity', coalesce(sum(capacity), 0)::int,
      'sold', coalesce(sum(sold), 0)::int) FROM animals),
  'orders', (SELECT json_build_object(
      'draft', count(*) FILTER (WHERE status = 'draft'),
      'confirmed', count(*) FILTER (WHERE status = 'confirmed'),
      'completed', count(*) FILTER (WHERE status = 'completed'),
      'cancelled', count(*) FILTER (WHERE status = 'cancelled')) FROM season_orders),
  'money', (SELECT json_build_object(
      'sold', coalesce(sum(total_amount), 0)::numeric(20, 2)::text,
      'collected', coalesce(sum(paid_amount), 0)::numeric(20, 2)::text,
      'outstanding', coalesce(sum(balance), 0)::numeric(20, 2)::text)
    FROM season_orders WHERE status <> 'cancelled' AND currency_type_id = p.currency),
  'appointmentsToday', (SELECT coalesce(json_agg(json_build_object(
      'id', a.id, 'appointmentTypeId', a.appointment_type_id, 'typeName', ty.name, 'typeCode', ty.code, 'color', ty.color,
      'startsAt', to_char(a.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'endsAt', to_char(a.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'capacity', a.capacity, 'bookedCount', a.booked_count, 'status', a.status) ORDER BY a.starts_at, a.id), '[]')
    FROM appointments a JOIN appointment_types ty ON ty.id = a.appointment_type_id
    WHERE a.starts_at >= p.today::timestamp AT TIME ZONE 'Europe/Istanbul'
      AND a.starts_at < (p.today + 1)::timestamp AT TIME ZONE 'Europe/Istanbul'
      AND a.status <> 'cancelled'),
  'queueByStep', (SELECT coalesce(json_agg(json_build_object('stepId', b.id, 'name', b.name, 'code', b.code, 'color', b.color, 'count', b.n)
      ORDER BY b.step_order NULLS FIRST, b.id), '[]')
    FROM (
      -- Every step (0 when none is there) and, first, the animals not received yet.
      SELECT s.id, s.name, s.code, s.color, s.step_order, coalesce(q.n, 0) AS n
      FROM victim_appointment_steps s LEFT JOIN queue q ON q.current_step_id = s.id
      UNION ALL
      SELECT NULL, NULL, NULL, NULL, NULL, coalesce((SELECT n FROM queue WHERE current_step_id IS NULL), 0)) b),
  'missedCallsNotReturned', (SELECT count(*) FROM netgsm_call_webhook_logs
    WHERE direction = 'inbound' AND status IN ('missed', 'busy') AND called_back_at IS NULL),
  'messagesToday', (SELECT json_build_object(
      'queued', count(*) FILTER (WHERE status = 'queued'), 'sent', count(*) FILTER (WHERE status = 'sent'),
      'delivered', count(*) FILTER (WHERE status = 'delivered'), 'failed', count(*) FILTER (WHERE status = 'failed'))
    FROM messages WHERE created_at >= p.today::timestamp AT TIME ZONE 'Europe/Istanbul'),
  'collectionsByDay', (SELECT coalesce(json_agg(json_build_object('date', d.day, 'amount', d.amount::text) ORDER BY d.day), '[]')
    FROM (
      -- Collections are credits (−1): −direction × amount nets each against its reversals.
      SELECT t.transaction_date AS day, sum(-tt.direction * t.amount)::numeric(20, 2) AS amount
      FROM transactions t
      JOIN transaction_types tt ON tt.id = t.transaction_type_id AND tt.system_code IN ('collection', 'collectionReversal')
      JOIN season_orders o ON o.id = t.victim_order_id
      WHERE t.currency_type_id = p.currency
      GROUP BY t.transaction_date) d)
) AS summary
FROM p`;

async function getDashboardSummary(deps: DomainDeps, input: OperationInput) {
  const season = (input.query as { season?: number }).season ?? null;
  const { rows } = await deps.pool.query(SUMMARY, [season]);
  return rows[0].summary;
}

export const dashboard: WorkflowModule = {
  operations: (deps) => ({ getDashboardSummary: (input) => getDashboardSummary(deps, input) }),
};
