// The farm as every screen shows it (contract: GET /Farm, public): its name, address, phone and
// tax number (the receipts and the public page show them) and its currencies,
// so that an amount is shown in its own currency (the row's, else the default), not the language's.
import type { DomainDeps, WorkflowModule } from './operations.ts';

export const farm: WorkflowModule = {
  operations: (deps: DomainDeps) => ({
    async getFarm() {
      const { rows } = await deps.pool.query(
        `SELECT coalesce((SELECT value FROM settings WHERE key = 'company.name' AND NOT is_secret), '') AS name,
                coalesce((SELECT value FROM settings WHERE key = 'company.address' AND NOT is_secret), '') AS address,
                coalesce((SELECT value FROM settings WHERE key = 'company.phone' AND NOT is_secret), '') AS phone,
                coalesce((SELECT value FROM settings WHERE key = 'company.taxNumber' AND NOT is_secret), '') AS "taxNumber",
                coalesce((SELECT jsonb_agg(jsonb_build_object('id', id, 'code', code, 'symbol', symbol, 'decimals', decimals, 'isDefault', is_default) ORDER BY id)
                          FROM currency_types), '[]'::jsonb) AS currencies`,
      );
      return rows[0];
    },
  }),
};
