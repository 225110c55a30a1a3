// Two lists side by side: what can be added (left) and what is assigned (right). An item moves
// with the buttons between them (the selected items), a double-click, or Enter; each list is a
// multi-select listbox: arrows move, Space selects, Home/End jump, Enter moves the selection.
import { useId, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Search } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';

export interface PickItem {
  id: number;
  label: string;
  hint?: string;
}

export interface TwoListLabels {
  available: string;
  assigned: string;
  search: string;
}

export function TwoListPicker({ items, assigned, onChange, labels }: { items: PickItem[]; assigned: ReadonlySet<number>; onChange: (next: Set<number>) => void; labels: TwoListLabels }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<{ left: Set<number>; right: Set<number> }>({ left: new Set(), right: new Set() });
  const needle = search.trim().toLocaleLowerCase();
  const shown = items.filter((i) => !needle || i.label.toLocaleLowerCase().includes(needle) || (i.hint ?? '').toLocaleLowerCase().includes(needle));
  const left = shown.filter((i) => !assigned.has(i.id));
  const right = shown.filter((i) => assigned.has(i.id));

  const move = (ids: number[], toAssigned: boolean) => {
    if (ids.length === 0) return;
    const next = new Set(assigned);
    for (const id of ids) {
      if (toAssigned) next.add(id);
      else next.delete(id);
    }
    onChange(next);
    setSelected((s) => ({ left: new Set([...s.left].filter((id) => !ids.includes(id))), right: new Set([...s.right].filter((id) => !ids.includes(id))) }));
  };
  const visibleSelected = (side: 'left' | 'right', list: PickItem[]) => list.filter((i) => selected[side].has(i.id)).map((i) => i.id);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={searchId}>{labels.search}</Label>
        <div className="relative max-w-sm">
          <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id={searchId} type="search" className="pl-8" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </div>
      </div>
      <div className="grid grid-cols-1 items-stretch gap-3 sm:grid-cols-[1fr_auto_1fr]">
        <PickList
          label={labels.available}
          items={left}
          selected={selected.left}
          onSelect={(ids) => setSelected((s) => ({ ...s, left: ids }))}
          onMove={(ids) => move(ids, true)}
          testId="picker-available"
        />
        <div className="flex flex-row justify-center gap-2 sm:flex-col">
          <Button variant="outline" size="icon" onClick={() => move(visibleSelected('left', left), true)} disabled={visibleSelected('left', left).length === 0} aria-label={t('permissions.picker.add')} title={t('permissions.picker.add')}>
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" onClick={() => move(left.map((i) => i.id), true)} disabled={left.length === 0} aria-label={t('permissions.picker.addAll')} title={t('permissions.picker.addAll')}>
            <ChevronsRight aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" onClick={() => move(visibleSelected('right', right), false)} disabled={visibleSelected('right', right).length === 0} aria-label={t('permissions.picker.remove')} title={t('permissions.picker.remove')}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" onClick={() => move(right.map((i) => i.id), false)} disabled={right.length === 0} aria-label={t('permissions.picker.removeAll')} title={t('permissions.picker.removeAll')}>
            <ChevronsLeft aria-hidden="true" />
          </Button>
        </div>
        <PickList
          label={labels.assigned}
          items={right}
          selected={selected.right}
          onSelect={(ids) => setSelected((s) => ({ ...s, right: ids }))}
          onMove={(ids) => move(ids, false)}
          testId="picker-assigned"
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('permissions.picker.help')}</p>
    </div>
  );
}

function PickList({ label, items, selected, onSelect, onMove, testId }: { label: string; items: PickItem[]; selected: Set<number>; onSelect: (ids: Set<number>) => void; onMove: (ids: number[]) => void; testId: string }) {
  const baseId = useId();
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  const index = Math.min(active, Math.max(items.length - 1, 0));
  const current = items[index];
  const optionId = (id: number) => `${baseId}-o${id}`;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (items.length === 0) return;
    const go = (i: number) => {
      e.preventDefault();
      const to = Math.max(0, Math.min(items.length - 1, i));
      setActive(to);
      document.getElementById(optionId(items[to].id))?.scrollIntoView({ block: 'nearest' });
    };
    if (e.key === 'ArrowDown') go(index + 1);
    else if (e.key === 'ArrowUp') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === ' ' && current) {
      e.preventDefault();
      toggle(current.id);
    } else if (e.key === 'Enter' && current) {
      e.preventDefault();
      const ids = items.filter((i) => selected.has(i.id)).map((i) => i.id);
      onMove(ids.length > 0 ? ids : [current.id]);
    } else if ((e.key === 'a' || e.key === 'A') && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSelect(new Set(items.map((i) => i.id)));
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div id={`${baseId}-label`} className="text-sm font-semibold">
        {label} <span className="font-normal text-muted-foreground">({items.length})</span>
      </div>
      <div className="relative">
        {/* Outside the listbox: a listbox holds options only. */}
        {items.length === 0 && <p className="pointer-events-none absolute inset-x-0 top-0 px-3 py-2.5 text-sm text-muted-foreground">{t('permissions.picker.empty')}</p>}
        <div
          role="listbox"
          aria-multiselectable="true"
          aria-labelledby={`${baseId}-label`}
          aria-activedescendant={current ? optionId(current.id) : undefined}
          tabIndex={0}
          data-testid={testId}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="h-64 overflow-y-auto rounded-md border border-input bg-card p-1 outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/25 dark:bg-surface-950"
        >
          {items.map((item, i) => {
            const isSelected = selected.has(item.id);
            return (
              <div
                key={item.id}
                id={optionId(item.id)}
                role="option"
                aria-selected={isSelected}
                data-active={i === index || undefined}
                onClick={() => {
                  setActive(i);
                  toggle(item.id);
                }}
                onDoubleClick={() => onMove([item.id])}
                className={cn(
                  'flex cursor-pointer select-none flex-col rounded px-2 py-1.5 text-sm',
                  'hover:bg-accent hover:text-accent-foreground',
                  isSelected && 'bg-primary/15 font-medium',
                  focused && i === index && 'outline-2 -outline-offset-2 outline-primary',
                )}
              >
                <span>{item.label}</span>
                {item.hint && <span className="text-xs text-muted-foreground">{item.hint}</span>}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
