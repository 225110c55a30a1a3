// Rows a workflow's API tests make directly in SQL: a customer account and an animal, each with a
// code of its own (`prefix` keeps the files apart).
import type { TestServer } from './app.ts';

export class SqlRows {
  private seq = 0;
  private readonly server: () => TestServer;
  private readonly prefix: string;
  /** `server`: read when a row is made (the test server starts in beforeAll). */
  constructor(server: () => TestServer, prefix: string) {
    this.server = server;
    this.prefix = prefix;
  }

  private async one(text: string, params: unknown[]): Promise<number> {
    return (await this.server().database.pool.query(text, params)).rows[0].id as number;
  }

  async account(): Promise<number> {
    const n = ++this.seq;
    return this.one(`INSERT INTO accounts (code, title, account_type_id) SELECT $1, $2, min(id) FROM account_types RETURNING id`, [`${this.prefix}C${n}`, `Müşteri ${n}`]);
  }

  async animal(capacity = 7): Promise<number> {
    return this.one(
      `INSERT INTO products (code, name, product_type_id, vat_rate_id, unit, share_capacity)
       SELECT $1, $1, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 'share', $2 RETURNING id`,
      [`${this.prefix}A${++this.seq}`, capacity],
    );
  }
}
