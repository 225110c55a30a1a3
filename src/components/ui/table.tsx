import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/**
 * A table in a horizontally scrolling container. While the table is wider than its container,
 * the container takes keyboard focus, so that it can be scrolled without a mouse, and says which
 * edges have more (`data-scroll-start` / `data-scroll-end="more"`: index.css shades them). A cell
 * with `data-pinned="end"` stays at the row's end while the rest scrolls.
 */
export function Table({ className, containerClassName, ...props }: ComponentProps<'table'> & { containerClassName?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useLayoutEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      // A pixel of slack: zoomed layouts round scroll positions.
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft < el.scrollWidth - el.clientWidth - 1;
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);
  const scrolls = edges.start || edges.end;
  return (
    <div
      ref={container}
      data-slot="table-container"
      data-scroll-start={edges.start ? 'more' : undefined}
      data-scroll-end={edges.end ? 'more' : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={cn('relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring', containerClassName)}
    >
      <table data-slot="table" className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('bg-muted/60 [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return <tfoot data-slot="table-footer" className={cn('border-t bg-muted/60 font-medium [&>tr]:last:border-b-0', className)} {...props} />;
}

/** A row; `data-state="selected"` highlights it. */
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'border-b border-border transition-colors duration-200 hover:bg-accent/60 data-[state=selected]:bg-highlight data-[state=selected]:text-highlight-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle text-sm font-semibold text-foreground [&:has([role=checkbox])]:w-10 [&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-3 py-2.5 align-middle [&:has([role=checkbox])]:pr-0', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption data-slot="table-caption" className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
