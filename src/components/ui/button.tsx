import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils.ts';

// Keyboard focus: a 2px outline 2px off the button in the ring colour (--ring, the primary's text
// shade: at least 3:1 against the app's surfaces in every theme), on every variant. An outline, not
// a box-shadow ring: it is drawn at once (no transition to sit through), the gap shows whatever is
// behind the button, and it stays visible in forced-colours (high contrast) mode.
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md border border-transparent text-sm font-medium transition-[color,background-color,border-color,opacity] duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary-hover active:bg-primary-active',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-surface-200 active:bg-surface-300 dark:hover:bg-surface-700 dark:active:bg-surface-600',
        outline: 'border-input bg-transparent text-foreground hover:bg-accent hover:text-accent-foreground',
        ghost: 'bg-transparent text-foreground hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
        link: 'h-auto! border-0 bg-transparent px-0! text-primary-text underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-[calc(var(--control-h)-0.375rem)] px-[calc(var(--control-px)-0.25rem)] text-xs',
        default: 'h-(--control-h) px-(--control-px)',
        lg: 'h-[calc(var(--control-h)+0.5rem)] px-[calc(var(--control-px)+0.5rem)] text-base',
        icon: 'size-(--control-h) p-0',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** A button. `asChild` renders the child (e.g. a router Link) with the button's look. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'default'}
      type={asChild ? type : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
