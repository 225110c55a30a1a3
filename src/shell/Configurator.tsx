// The palette button of the top bar and the auth pages. The configurator panel itself (swatches,
// selects) is loaded when first opened, so pages do not carry it.
import { lazy, Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Palette } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';

const Configurator = lazy(() => import('./ConfiguratorPanel.tsx').then((m) => ({ default: m.Configurator })));

export interface ConfiguratorButtonProps {
  className?: string;
  /** Controlled open state (the top bar's "more" menu opens it too). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Renders only the popover anchored to this element instead of the palette button. */
  anchorOnly?: boolean;
  children?: ReactNode;
}

/** The palette button opening the configurator as a popover under it (closes on outside click
 *  and Escape). */
export function ConfiguratorButton({ className, open, onOpenChange, anchorOnly, children }: ConfiguratorButtonProps) {
  useLingui();
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      {anchorOnly ? (
        <PopoverAnchor asChild>{children}</PopoverAnchor>
      ) : (
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" className={cn('rounded-full', className)} aria-label={t('layout.configurator')} title={t('layout.configurator')}>
            <Palette />
          </Button>
        </PopoverTrigger>
      )}
      <PopoverContent align="end" className="w-72" aria-label={t('layout.configurator')}>
        <Suspense>
          <Configurator />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
