// The palette button of the top bar and the auth pages. The configurator panel itself (swatches,
// selects) is loaded when first opened, so pages do not carry it.
import { lazy, Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { t } from '@/lib/i18n.ts';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { PaletteButton } from './brand.tsx';

const Configurator = lazy(() => import('./ConfiguratorPanel.tsx').then((m) => ({ default: m.Configurator })));

export interface ConfiguratorButtonProps {
  className?: string;
  /** Controlled open state (the top bar's "more" menu opens it too). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Opens at once when first shown (uncontrolled). */
  defaultOpen?: boolean;
  /** Renders only the popover anchored to this element instead of the palette button. */
  anchorOnly?: boolean;
  children?: ReactNode;
}

/** The palette button opening the configurator as a popover under it (closes on outside click
 *  and Escape). */
export function ConfiguratorButton({ className, open, onOpenChange, defaultOpen, anchorOnly, children }: ConfiguratorButtonProps) {
  useLingui();
  return (
    <Popover open={open} onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      {anchorOnly ? (
        <PopoverAnchor asChild>{children}</PopoverAnchor>
      ) : (
        <PopoverTrigger asChild>
          <PaletteButton className={className} />
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
