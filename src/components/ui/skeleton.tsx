import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-200 dark:bg-surface-800', className)} {...props} />;
}
