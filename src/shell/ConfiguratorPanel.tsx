// The appearance configurator: Primary (17 swatches), Surface (8 swatches), Preset (Aura/Lara)
// and Menu Mode (Static/Overlay). Changes apply at once and are saved (see layout-settings.ts).
import type { CSSProperties } from 'react';
import { useLingui } from '@lingui/react';
import { Check } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import {
  MENU_MODES, PRESETS, PRIMARY_COLORS, SURFACE_COLORS, useLayoutSettings, type MenuMode, type Preset,
} from './layout-settings.ts';

function Swatch({ name, color, selected, onSelect, group }: { name: string; color: string; selected: boolean; onSelect: () => void; group: string }) {
  const label = t(`layout.color.${name}`);
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      title={label}
      data-swatch={`${group}-${name}`}
      onClick={onSelect}
      style={{ backgroundColor: color } as CSSProperties}
      className={cn(
        'flex size-5 items-center justify-center rounded-full outline-none ring-offset-2 ring-offset-popover transition-shadow duration-200 focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'ring-2 ring-primary',
      )}
    >
      {selected && <Check aria-hidden className="size-3 text-white mix-blend-difference" strokeWidth={3} />}
    </button>
  );
}

/** The four sections; used inside the popover and anywhere a panel is wanted. */
export function Configurator({ className }: { className?: string }) {
  useLingui();
  const { settings, effectiveSurface, setPrimary, setSurface, setPreset, setMenuMode } = useLayoutSettings();
  return (
    <div data-slot="configurator" className={cn('flex flex-col gap-4', className)}>
      <section className="flex flex-col gap-2">
        <h3 id="cfg-primary" className="text-sm font-semibold text-muted-foreground">{t('layout.primary')}</h3>
        <div role="radiogroup" aria-labelledby="cfg-primary" className="flex flex-wrap justify-between gap-2 pt-1">
          {PRIMARY_COLORS.map((p) => (
            <Swatch key={p} group="primary" name={p} color={`var(--swatch-primary-${p})`} selected={settings.primary === p} onSelect={() => setPrimary(p)} />
          ))}
        </div>
      </section>
      <section className="flex flex-col gap-2">
        <h3 id="cfg-surface" className="text-sm font-semibold text-muted-foreground">{t('layout.surface')}</h3>
        <div role="radiogroup" aria-labelledby="cfg-surface" className="flex flex-wrap justify-start gap-2 pt-1">
          {SURFACE_COLORS.map((s) => (
            <Swatch key={s} group="surface" name={s} color={`var(--swatch-surface-${s})`} selected={effectiveSurface === s} onSelect={() => setSurface(s)} />
          ))}
        </div>
      </section>
      <section className="flex flex-col gap-2">
        <h3 id="cfg-preset" className="text-sm font-semibold text-muted-foreground">{t('layout.preset')}</h3>
        <Select value={settings.preset} onValueChange={(v) => setPreset(v as Preset)}>
          <SelectTrigger aria-labelledby="cfg-preset">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PRESETS.map((p) => (
              <SelectItem key={p} value={p}>{t(`layout.preset.${p}`)}</SelectItem>
            ))}
          </SelectContent>
        </Select>
      </section>
      <section className="flex flex-col gap-2">
        <h3 id="cfg-menu-mode" className="text-sm font-semibold text-muted-foreground">{t('layout.menuMode')}</h3>
        <Select value={settings.menuMode} onValueChange={(v) => setMenuMode(v as MenuMode)}>
          <SelectTrigger aria-labelledby="cfg-menu-mode">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {MENU_MODES.map((m) => (
              <SelectItem key={m} value={m}>{t(`layout.menuMode.${m}`)}</SelectItem>
            ))}
          </SelectContent>
        </Select>
      </section>
    </div>
  );
}
