import { useState, type ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { Maximize2, Minimize2, X } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import { useUiLabels } from './ui-labels.tsx';

export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogPortal(props: ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

/** The dimming layer behind a modal (z-index 1000). */
export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-(--z-overlay) bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

export const dialogContentVariants = cva(
  'fixed left-1/2 top-1/2 z-(--z-modal) flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-2xl outline-none transition-[width,height,max-width,max-height,border-radius] duration-200 data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in data-[maximized=true]:h-screen data-[maximized=true]:max-h-screen data-[maximized=true]:w-screen data-[maximized=true]:max-w-none data-[maximized=true]:rounded-none',
  {
    variants: {
      size: {
        sm: 'max-w-sm',
        default: 'max-w-lg',
        lg: 'max-w-3xl',
        xl: 'max-w-5xl',
        full: 'max-w-[calc(100vw-2rem)]',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof dialogContentVariants> & {
    /** Shows the maximise / restore toggle (default true). */
    maximizable?: boolean;
    /** Starts maximised. */
    defaultMaximized?: boolean;
    /** Shows the close button top right (default true). */
    showClose?: boolean;
    /** Classes of the scrolling body that holds the children. */
    bodyClassName?: string;
  };

/** A modal (z-index 1100), at most 90% of the viewport high, its body scrolling; it can be
 *  maximised to the whole viewport. Put DialogHeader, the form, DialogFooter inside. */
export function DialogContent({
  className,
  bodyClassName,
  children,
  size,
  maximizable = true,
  defaultMaximized = false,
  showClose = true,
  ...props
}: DialogContentProps) {
  const [maximized, setMaximized] = useState(defaultMaximized);
  const labels = useUiLabels();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-maximized={maximized}
        className={cn(dialogContentVariants({ size }), className)}
        {...props}
      >
        <div
          data-slot="dialog-body"
          className={cn('flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-6', bodyClassName)}
        >
          {children}
        </div>
        {(maximizable || showClose) && (
          <div data-slot="dialog-tools" className="absolute right-3 top-3 flex items-center gap-1">
            {maximizable && (
              <button
                type="button"
                data-slot="dialog-maximize"
                aria-label={maximized ? labels.restore : labels.maximize}
                title={maximized ? labels.restore : labels.maximize}
                aria-pressed={maximized}
                onClick={() => setMaximized((m) => !m)}
                className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground outline-none transition-colors duration-200 hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                {maximized ? <Minimize2 className="size-4" /> : <Maximize2 className="size-4" />}
              </button>
            )}
            {showClose && (
              <DialogPrimitive.Close
                data-slot="dialog-close-x"
                aria-label={labels.close}
                title={labels.close}
                className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground outline-none transition-colors duration-200 hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-4" />
              </DialogPrimitive.Close>
            )}
          </div>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cn('flex flex-col gap-1.5 pr-16 text-left', className)} {...props} />;
}

/** Buttons at the bottom; it stays visible while the body scrolls. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn(
        'sticky -bottom-6 -mx-6 -mb-6 mt-auto flex flex-col-reverse gap-2 border-t border-border bg-card px-6 py-4 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="dialog-title" className={cn('text-lg font-semibold leading-none text-foreground', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description data-slot="dialog-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
