import { createContext, useContext, type ReactNode } from 'react';

/** The few words the primitives say themselves (screen-reader labels of icon buttons). The shell
 *  provides them translated; the defaults are Turkish, the product's first language. */
export interface UiLabels {
  close: string;
  maximize: string;
  restore: string;
  /** The calendar button of a date field. */
  pickDate: string;
}

export const defaultUiLabels: UiLabels = { close: 'Kapat', maximize: 'Büyüt', restore: 'Küçült', pickDate: 'Takvimden seç' };

const UiLabelsContext = createContext<UiLabels>(defaultUiLabels);

export function UiLabelsProvider({ labels, children }: { labels: Partial<UiLabels>; children: ReactNode }) {
  return <UiLabelsContext value={{ ...defaultUiLabels, ...labels }}>{children}</UiLabelsContext>;
}

export const useUiLabels = (): UiLabels => useContext(UiLabelsContext);
