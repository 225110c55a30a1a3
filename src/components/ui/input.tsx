import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/** Shared look of text fields (input, textarea, select trigger). */
export const fieldClass =
  'w-full min-w-0 rounded-md border border-input bg-card px-(--control-px) text-sm text-foreground outline-none transition-[color,background-color,border-color,box-shadow] duration-200 placeholder:text-muted-foreground hover:border-surface-400 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/25 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-surface-950';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        fieldClass,
        'h-(--control-h) py-1 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
