// The "which day" field of the day views: a label over the browser's date input (`YYYY-MM-DD`).
import { useId } from 'react';
import { cn } from '@/lib/utils.ts';
import { fieldClass } from './input.tsx';

export function DayPicker({ label, value, onChange, className }: { label: string; value: string; onChange: (day: string) => void; className?: string }) {
  const id = useId();
  return (
    <div data-slot="day-picker" className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} type="date" className={cn(fieldClass, 'h-(--control-h)')} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
