// The language picker and the configurator for pages outside the layout (sign-in, register,
// landing…). Their menus (radix: portals, focus trapping, positioning) are loaded when the user
// first points at, focuses or presses the button; until then a look-alike button stands in, so
// the sign-in page does not carry that code. A press opens the real menu at once.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { ButtonProps } from '@/components/ui/button.tsx';
import { LanguageButton, PaletteButton } from './brand.tsx';

interface Openable {
  className?: string;
  defaultOpen?: boolean;
}

function loadOnFirstUse(load: () => Promise<ComponentType<Openable>>, StandIn: ComponentType<ButtonProps>) {
  const Real = lazy(async () => ({ default: await load() }));
  const warm = () => void load().catch(() => undefined);
  return function OnFirstUse({ className }: { className?: string }) {
    const [pressed, setPressed] = useState(false);
    const standIn = <StandIn className={className} onPointerEnter={warm} onFocus={warm} onClick={() => setPressed(true)} />;
    if (!pressed) return standIn;
    return (
      <Suspense fallback={standIn}>
        <Real className={className} defaultOpen />
      </Suspense>
    );
  };
}

// The picker lists the server's languages through the data layer, which these pages do not have.
export const LanguagePickerOnUse = loadOnFirstUse(
  () =>
    Promise.all([import('./LanguagePicker.tsx'), import('./data-provider.tsx')]).then(([{ LanguagePicker }, { DataProvider }]) => (props: Openable) => (
      <DataProvider>
        <LanguagePicker {...props} />
      </DataProvider>
    )),
  LanguageButton,
);
export const ConfiguratorOnUse = loadOnFirstUse(() => import('./Configurator.tsx').then((m) => m.ConfiguratorButton), PaletteButton);
