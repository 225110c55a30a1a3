// The generic entity screen: the router renders `EntityPage` for every entity route.
export { EntityPage } from './EntityPage.tsx';
export type { EntityPageExtension, EntityRow, AdminEntity, RecordPanelProps } from './types.ts';
