// Gives the primitives their translated screen-reader labels (close, maximise, restore, pick a date).
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { t } from '@/lib/i18n.ts';
import { UiLabelsProvider } from '@/components/ui/ui-labels.tsx';

export function TranslatedUiLabels({ children }: { children: ReactNode }) {
  useLingui();
  return <UiLabelsProvider labels={{ close: t('action.close'), maximize: t('shell.maximize'), restore: t('shell.restore'), pickDate: t('shell.pickDate') }}>{children}</UiLabelsProvider>;
}
