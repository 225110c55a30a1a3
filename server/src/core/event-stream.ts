// One open Server-Sent Events response (the Monitor's feed, the tracking page's): its timers, its
// keep-alive comment, its end. A client that stops reading is dropped rather than buffered
// without end (it reconnects and starts over).
import type { ServerResponse } from 'node:http';

export abstract class EventStream {
  ended = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly res: ServerResponse;
  private readonly detached: () => void;
  /** Bytes waiting to be read past which the client is dropped. */
  private readonly maxBuffered: number;

  constructor(res: ServerResponse, detached: () => void, maxBuffered: number) {
    this.res = res;
    this.detached = detached;
    this.maxBuffered = maxBuffered;
  }

  /** False while the stream's first event is not written yet: no keep-alive before it. */
  protected abstract get started(): boolean;

  every(ms: number, work: () => void) { this.timers.push(setInterval(work, ms)); }
  after(ms: number, work: () => void) { this.timers.push(setTimeout(work, Math.min(Math.max(ms, 0), 2 ** 31 - 1))); }

  /** Writes an event's text (`event: …\ndata: …\n\n`). */
  protected write(text: string) {
    if (this.ended) return;
    this.res.write(text);
    if (this.res.writableLength > this.maxBuffered) this.end();
  }

  ping() {
    if (!this.ended && this.started) this.res.write(': ping\n\n');
  }

  /** Leaves the feed; the response stays as it is (an error may still be answered on it). */
  detach() {
    if (this.ended) return;
    this.ended = true;
    for (const t of this.timers) clearTimeout(t);
    this.detached();
  }

  end() {
    this.detach();
    if (!this.res.writableEnded) this.res.end();
  }
}
