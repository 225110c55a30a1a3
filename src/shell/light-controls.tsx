// Controls whose menus or panels (radix: portals, focus trapping, positioning) load on first use:
// a look-alike button stands in until the user points at, focuses or presses it, so pages do not
// carry that code. A press opens the real control at once, as the real trigger would: a menu on
// pointer-down or Enter/Space/ArrowDown (focus moves to its first item when a key opened it), a
// dialog on click. Here too the sign-in pages' language picker and configurator.
import { useState, type ComponentType, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { ButtonProps } from '@/components/ui/button.tsx';
import { LanguageButton, PaletteButton } from './brand.tsx';
import type { Opening, OpenOnUseProps } from './first-use.ts';

const MENU_KEYS = ['Enter', ' ', 'ArrowDown'];

/** A control that renders `StandIn` until first used, then the component `load` resolves to. */
export function onFirstUse(load: () => Promise<ComponentType<OpenOnUseProps>>, StandIn: ComponentType<ButtonProps>, popup: 'menu' | 'dialog') {
  let loaded: ComponentType<OpenOnUseProps> | undefined;
  let loading: Promise<ComponentType<OpenOnUseProps>> | undefined;
  const get = () =>
    (loading ??= load().then(
      (real) => (loaded = real),
      (err: unknown) => {
        loading = undefined; // offline or a stale build: the next use tries again
        throw err;
      },
    ));
  const warm = () => void get().catch(() => undefined);

  return function OnFirstUse({ className }: { className?: string }) {
    // Already loaded (used earlier on this visit): the real control from the start.
    const [shown, setShown] = useState<{ Real: ComponentType<OpenOnUseProps>; openedWith?: Opening } | null>(() => (loaded ? { Real: loaded } : null));
    if (shown) return <shown.Real className={className} defaultOpen={shown.openedWith !== undefined} openedWith={shown.openedWith} />;

    // The stand-in stays (and keeps focus) until the real control replaces it, open.
    const open = (openedWith: Opening) => {
      if (loaded) setShown({ Real: loaded, openedWith });
      else void get().then((Real) => setShown({ Real, openedWith }), () => undefined);
    };
    const press =
      popup === 'menu'
        ? {
            onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
              if (e.button !== 0 || e.ctrlKey) return;
              e.preventDefault();
              open('pointer');
            },
            onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
              if (!MENU_KEYS.includes(e.key)) return;
              e.preventDefault();
              open('keyboard');
            },
          }
        : { onClick: (e: MouseEvent<HTMLButtonElement>) => open(e.detail === 0 ? 'keyboard' : 'pointer') };
    return <StandIn className={className} aria-haspopup={popup} aria-expanded={false} data-state="closed" onPointerEnter={warm} onFocus={warm} {...press} />;
  };
}

// The picker lists the server's languages through the data layer, which these pages do not have.
export const LanguagePickerOnUse = onFirstUse(
  () =>
    Promise.all([import('./LanguagePicker.tsx'), import('./data-provider.tsx')]).then(([{ LanguagePicker }, { DataProvider }]) => (props: OpenOnUseProps) => (
      <DataProvider>
        <LanguagePicker {...props} />
      </DataProvider>
    )),
  LanguageButton,
  'menu',
);
// The panel inside comes with the popover: one wait, not two.
export const ConfiguratorOnUse = onFirstUse(
  () => Promise.all([import('./Configurator.tsx'), import('./ConfiguratorPanel.tsx')]).then(([m]) => m.ConfiguratorButton),
  PaletteButton,
  'dialog',
);
