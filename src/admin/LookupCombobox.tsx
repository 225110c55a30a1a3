// A choice among another entity's rows with type-ahead: a button showing the chosen row's display
// field opens a searchable list (WAI-ARIA combobox + listbox; arrows, Home/End, Enter, Escape).
// Typing a letter on the closed button opens the list already searching for it. An option of a
// person with a code (an account) shows its code and its phone's last four digits beside the name,
// and is found by them too.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronsUpDown, X } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { fieldClass } from '@/components/ui/input.tsx';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { errorMessage } from './errors.ts';
import { foldText, useLookupOptions, type LookupOption, type LookupSpec } from './use-lookup-options.ts';

const MAX_SHOWN = 100;

export interface LookupComboboxProps {
  id?: string;
  /** The referenced entity's schema name, e.g. `Language`. */
  entityName: string | undefined;
  /** The field's declared choices and their label (the referencing field's metadata). */
  spec?: LookupSpec;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  /** Offers an empty choice (a nullable reference, or a filter). */
  nullable?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  invalid?: boolean;
  /** What the row already knows the current value as (`row.lookups[field]`). */
  fallbackLabel?: string | null;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  onBlur?: () => void;
  className?: string;
}

export function LookupCombobox(props: LookupComboboxProps) {
  const { id, entityName, value, onChange, nullable, disabled, readOnly, invalid, fallbackLabel, onBlur, className } = props;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (i: number) => `${listId}-o${i}`;
  const listRef = useRef<HTMLUListElement>(null);
  const { options, isLoading, error, refetch } = useLookupOptions(entityName, true, props.spec);

  const selected = value === null || value === undefined ? undefined : options.find((o) => o.value === value);
  const selectedLabel = selected?.label ?? (value === null || value === undefined ? '' : fallbackLabel || `#${value}`);

  const matches = useMemo(() => {
    const q = foldText(query.trim());
    return q ? options.filter((o) => foldText([o.label, o.code, o.phoneLast4].filter(Boolean).join(' ')).includes(q)) : options;
  }, [options, query]);
  // The empty choice (when allowed) comes first, then the matches.
  const shown: (LookupOption | null)[] = useMemo(
    () => [...(nullable && !query.trim() ? [null] : []), ...matches.slice(0, MAX_SHOWN)],
    [nullable, query, matches],
  );

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  /** Opens the list searching for `text`; without a search, on the chosen row. */
  const openWith = (text: string) => {
    setQuery(text);
    let at = 0;
    if (!text && value !== null && value !== undefined) {
      const i = (nullable ? [null, ...options] : options).findIndex((o) => o?.value === value);
      at = i < 0 ? 0 : Math.min(i, MAX_SHOWN);
    }
    setActive(at);
    setOpen(true);
  };

  const choose = (option: LookupOption | null) => {
    onChange(option ? option.value : null);
    setOpen(false);
  };

  const onTriggerKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled || readOnly) return;
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== ' ') {
      e.preventDefault();
      openWith(e.key);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openWith('');
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && nullable && value !== null && value !== undefined) {
      e.preventDefault();
      onChange(null);
    }
  };

  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, last));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Home') {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      setActive(Math.max(last, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (shown[active] !== undefined) choose(shown[active]);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) openWith('');
        else {
          setOpen(false);
          onBlur?.();
        }
      }}
      modal
    >
      <div className={cn('relative', className)}>
        <PopoverTrigger asChild disabled={disabled || readOnly}>
          <button
            id={id}
            type="button"
            role="combobox"
            aria-expanded={open}
            aria-haspopup="listbox"
            aria-controls={open ? listId : undefined}
            aria-invalid={invalid || undefined}
            aria-label={props['aria-label']}
            aria-describedby={props['aria-describedby']}
            aria-required={props['aria-required']}
            aria-readonly={readOnly || undefined}
            onKeyDown={onTriggerKeyDown}
            className={cn(fieldClass, 'flex h-(--control-h) items-center justify-between gap-2 text-left', nullable && selectedLabel && !disabled && !readOnly && 'pr-14')}
          >
            <span className={cn('truncate', !selectedLabel && 'text-muted-foreground')}>{selectedLabel || t('admin.lookupChoose')}</span>
            <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
          </button>
        </PopoverTrigger>
        {nullable && selectedLabel && !disabled && !readOnly && (
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={t('action.clear')}
            title={t('action.clear')}
            className="absolute right-8 top-1/2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        )}
      </div>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-64 p-0" aria-label={props['aria-label'] ?? t('admin.lookupSearch')}>
        <input
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown.length ? optionId(active) : undefined}
          aria-label={t('admin.lookupSearch')}
          placeholder={t('admin.lookupSearch')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onSearchKeyDown}
          className="h-(--control-h) w-full border-b border-border bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
        />
        <ul ref={listRef} id={listId} role="listbox" aria-label={props['aria-label'] ?? t('admin.lookupSearch')} className="max-h-56 overflow-y-auto p-1">
          {isLoading && <li className="px-2 py-1.5 text-sm text-muted-foreground" role="presentation">{t('app.loading')}</li>}
          {!isLoading && error && (
            <li role="presentation" className="flex items-center justify-between gap-2 px-2 py-1.5 text-sm text-tag-danger-foreground">
              <span>{errorMessage(error)}</span>
              <button type="button" className="underline" onClick={() => void refetch()}>{t('action.retry')}</button>
            </li>
          )}
          {!isLoading && !error && shown.length === 0 && (
            <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">{t('message.noRecords')}</li>
          )}
          {shown.map((option, i) => {
            const isSelected = option === null ? value === null || value === undefined : option.value === value;
            return (
              <li
                key={option === null ? 'null' : option.value}
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={isSelected}
                data-active={i === active || undefined}
                onMouseMove={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                className="relative flex cursor-default select-none items-center rounded-sm py-1.5 pl-2 pr-8 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground aria-selected:font-semibold"
              >
                <span className={cn('truncate', option === null && 'italic text-muted-foreground')}>{option === null ? t('admin.noneOption') : option.label}</span>
                {option && (option.code || option.phoneLast4) && (
                  <span className="ml-2 shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="lookup-option-detail">
                    {[option.code, option.phoneLast4 && t('admin.lookupPhoneEnd', { last4: option.phoneLast4 })].filter(Boolean).join(' · ')}
                  </span>
                )}
                {isSelected && <Check className="absolute right-2 size-4" aria-hidden="true" />}
              </li>
            );
          })}
          {matches.length > MAX_SHOWN && (
            <li role="presentation" className="px-2 py-1.5 text-xs text-muted-foreground">{t('admin.lookupMore', { count: matches.length - MAX_SHOWN })}</li>
          )}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
