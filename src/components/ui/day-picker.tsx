// The date and time fields: text written and read in the interface language (`date-text.ts`:
// `27.05.2026` in Turkish, `05/27/2026` in English, whatever the browser's language), with a
// calendar button that opens the browser's own picker. `DayPicker` is the "which day" field of the
// day views: a label over a date field.
import { useId, useRef, useState, type ComponentProps } from 'react';
import { CalendarDays } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import { dateTextPlaceholder, formatDateText, isDateValue, parseDateText, type DateTextKind } from './date-text.ts';
import { Input } from './input.tsx';
import { useUiLabels } from './ui-labels.tsx';

export type DateInputProps = Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'lang'> & {
  /** `YYYY-MM-DD` (date), `HH:mm` (time), `YYYY-MM-DDTHH:mm` (datetime); '' when empty. */
  value: string;
  /**
   * The value typed: '' when emptied, null while the text is not a date of the kind (`text` is
   * what was typed).
   */
  onValueChange: (value: string | null, text: string) => void;
  /** The interface language (`tr-TR`): the format shown and read. */
  lang: string;
  kind?: DateTextKind;
};

/** A date (or time, or date and time) typed in the interface language's format. */
export function DateInput({ value, onValueChange, lang, kind = 'date', className, onBlur, disabled, readOnly, placeholder, ...rest }: DateInputProps) {
  const labels = useUiLabels();
  const native = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatDateText(value, kind, lang));
  const [seen, setSeen] = useState({ value, lang });
  // A value set from outside (a reset, a row loaded) or a language switched replaces the text;
  // what is being typed stays while it means the value, or nothing the value could hold.
  if (seen.value !== value || seen.lang !== lang) {
    setSeen({ value, lang });
    const typed = parseDateText(text, kind, seen.lang);
    if (seen.lang !== lang ? typed !== undefined : typed !== value && (typed !== undefined || isDateValue(value, kind))) setText(formatDateText(value, kind, lang));
  }

  const change = (next: string) => {
    setText(next);
    const parsed = parseDateText(next, kind, lang);
    onValueChange(parsed ?? null, next);
  };
  const picker = kind !== 'time' && !disabled && !readOnly;

  const input = (
    <Input
      {...rest}
      type="text"
      lang={lang}
      autoComplete="off"
      spellCheck={false}
      value={text}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder ?? dateTextPlaceholder(kind, lang)}
      className={cn(picker && 'pr-9', 'tabular-nums', className)}
      onChange={(e) => change(e.target.value)}
      onBlur={(e) => {
        // Written out in full once left (`1.5.2026` → `01.05.2026`).
        const parsed = parseDateText(text, kind, lang);
        if (parsed) setText(formatDateText(parsed, kind, lang));
        onBlur?.(e);
      }}
    />
  );
  if (!picker) return input;
  return (
    <div data-slot="date-input" className="relative min-w-0">
      {input}
      {/* The browser's own picker, opened by the button; its value comes back as text of the language. */}
      <input
        ref={native}
        type={kind === 'datetime' ? 'datetime-local' : 'date'}
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute bottom-0 left-0 h-px w-full opacity-0"
        value={isDateValue(value, kind) ? value : ''}
        onChange={(e) => {
          const picked = e.target.value;
          if (!picked) return;
          const shown = formatDateText(picked, kind, lang);
          setText(shown);
          onValueChange(picked, shown);
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={labels.pickDate}
        title={labels.pickDate}
        onClick={() => {
          try {
            native.current?.showPicker();
          } catch {
            // No picker here (an old browser): typing is the way.
          }
        }}
        className="absolute right-1 top-1/2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      >
        <CalendarDays className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The "which day" field of the day views: a label over a date field; a day typed in full moves the view. */
export function DayPicker({ label, value, onChange, lang, className }: { label: string; value: string; onChange: (day: string) => void; lang: string; className?: string }) {
  const id = useId();
  return (
    <div data-slot="day-picker" className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <DateInput id={id} lang={lang} value={value} onValueChange={(day) => day && onChange(day)} />
    </div>
  );
}
