// The length of a text message template (a translation whose code starts with `sms.`) where it is
// edited: its characters and the messages (segments) it is sent as, counted as the phone network
// counts them (common/sms.ts: GSM 7-bit, the Turkish single-shift table, else UCS-2).
import { smsLength } from '../../common/sms.ts';
import { t } from '@/lib/i18n.ts';

/** An SMS template's translation code. */
export const isSmsTemplate = (code: unknown): boolean => typeof code === 'string' && code.startsWith('sms.');

/** `N karakter · M SMS`; `translate` for callers that must not record the id as the page's (the translation dialog). */
export function SmsLength({ text, id, translate = t }: { text: string; id?: string; translate?: (id: string, values?: Record<string, unknown>) => string }) {
  const { characters, segments } = smsLength(text);
  return (
    <p id={id} className="text-xs text-muted-foreground" aria-live="polite" data-testid="sms-length">
      {translate('translation.smsLength', { characters, segments })}
    </p>
  );
}
