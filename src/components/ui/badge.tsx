import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils.ts';

/** A tag. The variants are the generated metadata's TagColor values (success, info, warn, danger,
 *  secondary, contrast) plus default (primary) and outline. */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border border-transparent px-2 py-0.5 text-xs font-semibold transition-colors duration-200 [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'bg-highlight text-highlight-foreground',
        success: 'bg-tag-success text-tag-success-foreground',
        info: 'bg-tag-info text-tag-info-foreground',
        warn: 'bg-tag-warn text-tag-warn-foreground',
        danger: 'bg-tag-danger text-tag-danger-foreground',
        secondary: 'bg-tag-secondary text-tag-secondary-foreground',
        contrast: 'bg-tag-contrast text-tag-contrast-foreground',
        outline: 'border-border text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ className, variant, asChild = false, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'span';
  return <Comp data-slot="badge" data-variant={variant ?? 'default'} className={cn(badgeVariants({ variant }), className)} {...props} />;
}
