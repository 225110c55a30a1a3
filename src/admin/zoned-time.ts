// Instants shown and typed as the farm's wall-clock time (Europe/Istanbul, as `@/lib/format.ts`
// shows them and as the server reads calendar days), whatever the browser's own time zone.
import { TIME_ZONE } from '@/lib/format.ts';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function wallParts(instant: number): Record<string, number> {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return { y: +parts.year, m: +parts.month, d: +parts.day, h: +parts.hour, min: +parts.minute };
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function offsetAt(instant: number): number {
  const w = wallParts(instant);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min) - Math.floor(instant / 60_000) * 60_000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as `YYYY-MM-DDTHH:mm` on the farm's clock (a datetime-local input's value). */
export function toWallTime(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return '';
  const w = wallParts(instant);
  return `${w.y}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.min)}`;
}

/** `YYYY-MM-DDTHH:mm` on the farm's clock as an ISO instant; undefined when it is not one. */
export function fromWallTime(wall: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!m) return undefined;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  let instant = asUtc - offsetAt(asUtc);
  // Once more, for a wall time on the other side of an offset change.
  const second = asUtc - offsetAt(instant);
  if (second !== instant) instant = second;
  return new Date(instant).toISOString();
}
