// The evening reminder of the next day's bookings (issue 18, point 3): a recurring job of the
// outbox's queue (graphile-worker, domain/messages.ts) that writes, at 18:00 Istanbul time, one
// `bookingReminder` message per booking of the next day (rules/message-events.sql,
// `kurban_booking_reminders`: once per booking and slot, so a job run twice writes nothing more).
// The outbox's runner (domain/messages.ts) registers the task and its cron item.
import type { CronItem, Task } from 'graphile-worker';

export const REMINDER_TASK = 'kurban.bookingReminders';

/**
 * graphile-worker's cron matches UTC: Istanbul is UTC+3 all year (no daylight saving since 2016),
 * so 15:00 UTC is 18:00 there. One run for all instances (the cron's identifier); a run missed
 * while every server was down is made up within 3 hours.
 */
export const REMINDER_CRON: CronItem = {
  task: REMINDER_TASK,
  match: '0 15 * * *',
  identifier: REMINDER_TASK,
  options: { backfillPeriod: 3 * 3_600_000 },
};

/** Writes the reminders of tomorrow's (Istanbul) bookings; nobody's edit: no audit trail entry. */
export const bookingRemindersTask: Task = async (_payload, helpers) => {
  await helpers.withPgClient(async (client) => {
    await client.query(`BEGIN; SET LOCAL kurban.audit = 'off'`);
    try {
      const { rows } = await client.query(`SELECT kurban_booking_reminders((now() AT TIME ZONE 'Europe/Istanbul')::date + 1) AS written`);
      await client.query('COMMIT');
      helpers.logger.info(`booking reminders written: ${rows[0].written as number}`);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  });
};
