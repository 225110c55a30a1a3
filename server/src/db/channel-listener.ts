// One LISTEN connection to a PostgreSQL channel, kept up for the server's life. NOTIFY is
// delivered at commit to every instance listening, which is how instances share announcements
// (access versions, the Monitor's changes). A dropped connection is replaced in the background
// (after 100 ms, doubling up to 5 s); what was announced meanwhile is lost, which `connected`
// with `again` tells the owner so that it can start over.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface ListenerEvents {
  notified(payload: string | undefined): void;
  /** Listening; `again` after a drop (announcements made meanwhile were not heard). */
  connected?(again: boolean): void;
  /** The connection dropped: nothing is heard until `connected`. */
  lost?(): void;
}

export class ChannelListener {
  private readonly pool: pg.Pool;
  private readonly channel: string;
  private readonly log: FastifyBaseLogger;
  private readonly events: ListenerEvents;
  private client?: pg.Client;
  private closed = false;

  constructor(pool: pg.Pool, channel: string, log: FastifyBaseLogger, events: ListenerEvents) {
    this.pool = pool;
    this.channel = channel;
    this.log = log;
    this.events = events;
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** The backend pid of the connection (for tests and diagnostics), if connected. */
  get pid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  /** Connects once; a failure is thrown (`retry` keeps trying in the background instead). */
  connect(): Promise<void> {
    return this.open(false);
  }

  /** Keeps trying to connect until it does or the listener is closed. */
  async retry(again = false): Promise<void> {
    for (let delay = 100; !this.closed; delay = Math.min(delay * 2, 5000)) {
      await new Promise((r) => setTimeout(r, delay));
      if (this.closed) return;
      try {
        await this.open(again);
        return;
      } catch (err) {
        this.log.warn({ err }, `${this.channel} listener could not connect; retrying`);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async open(again: boolean): Promise<void> {
    const client = new pg.Client({ ...this.pool.options, application_name: this.channel.replaceAll('_', '-'), keepAlive: true });
    client.on('notification', (msg) => this.events.notified(msg.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.events.connected?.(again);
  }

  private lost(client: pg.Client, err?: Error) {
    if (this.client !== client) return; // a failed attempt, or already handled
    this.client = undefined;
    client.end().catch(() => {});
    if (this.closed) return;
    this.events.lost?.();
    this.log.warn({ err }, `${this.channel} listener lost its database connection; reconnecting`);
    void this.retry(true);
  }
}
