// Settings: values checked against their type; secret rows keep the value encrypted apart
// (`secretValue`) and `value` stays empty, so no read, filter or export reaches it.
import { badRequest, fieldError } from '../core/errors.ts';
import type { EntityHooks } from '../crud/handlers.ts';
import type { WorkflowModule } from './operations.ts';

/** Settings the server reads with a narrower meaning than their type: their own check. */
const OWN_RULES: Record<string, (value: string) => boolean> = {
  // How many daily backups of the embedded database are kept; 0 takes none (db/backup.ts).
  'backup.dailyKeep': (value) => /^\d{1,3}$/.test(value.trim()) && Number(value) <= 366,
  // The text messages' provider (domain/sms-providers.ts) and quiet hours (rules/messages.sql).
  'sms.provider': (value) => ['log', 'netgsm'].includes(value.trim()),
  'sms.quietHours': (value) => value.trim() === '' || /^([01]?\d|2[0-3]):[0-5]\d\s*-\s*([01]?\d|2[0-3]):[0-5]\d$/.test(value.trim()),
  'sms.netgsm.baseUrl': (value) => /^https?:\/\/[^\s/]+(\/\S*)?$/.test(value.trim()),
};

function fitsType(value: string, type: unknown): boolean {
  switch (type) {
    case 'number': return value.trim() !== '' && Number.isFinite(Number(value));
    case 'boolean': return value === 'true' || value === 'false';
    case 'json': try { JSON.parse(value); return true; } catch { return false; }
    default: return true;
  }
}

const settingHooks: EntityHooks = {
  async beforeWrite({ client, values, id }) {
    const current = id === undefined ? undefined : (await client.query('SELECT is_secret FROM settings WHERE id = $1', [id])).rows[0];
    if (current?.is_secret && values.isSecret === false) throw badRequest([fieldError('isSecret', 'invalid')]);
    const secret = values.isSecret === true || current?.is_secret === true;
    const value = values.value;
    if (typeof value === 'string' && !secret && !fitsType(value, values.valueType)) throw badRequest([fieldError('value', 'invalid')]);
    const rule = typeof values.key === 'string' ? OWN_RULES[values.key] : undefined;
    if (rule && typeof value === 'string' && !rule(value)) throw badRequest([fieldError('value', 'invalid')]);
    if (secret) {
      // Only a new value replaces the secret; an empty one keeps what is stored.
      if (typeof value === 'string' && value !== '') values.secretValue = value;
      else delete values.secretValue;
      values.value = null;
    }
  },
};

export const settings: WorkflowModule = { hooks: { Setting: settingHooks } };
