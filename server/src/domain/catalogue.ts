// Catalogue and reference rules: single defaults, trees without cycles, prices, attribute values.
import type { EntityHooks } from '../crud/handlers.ts';
import type { WorkflowModule } from './operations.ts';

/** Only one row of a table carries `flag`: setting it on one clears it on the others. */
function singleFlag(table: string, column: string): EntityHooks {
  return {
    async afterWrite({ client, row }) {
      if (row[camel(column)] === true) {
        await client.query(`UPDATE ${table} SET ${column} = false, row_version = row_version + 1, updated_at = now() WHERE ${column} AND id <> $1`, [row.id]);
      }
    },
  };
}
const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export const catalogue: WorkflowModule = {
  hooks: {
    Language: singleFlag('languages', 'is_default'),
    CurrencyType: singleFlag('currency_types', 'is_default'),
    VirtualPOS: singleFlag('virtual_pos_devices', 'is_default'),
  },
};
