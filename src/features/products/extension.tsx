// What the catalogue adds to the products screen: the product's prices as a section of its edit
// dialog (PricesPanel.tsx, a chunk of its own loaded when a product is opened, not with the list).
import { lazy } from 'react';
import type { EntityPageExtension } from '@/admin/index.ts';

const PricesPanel = lazy(() => import('./PricesPanel.tsx').then((m) => ({ default: m.PricesPanel })));

export const productsExtension: EntityPageExtension = {
  RecordPanel: PricesPanel,
};
