// The change history of one record (the audit feature), composed into the generic screen's edit
// dialog (entity-extensions.ts) and the order page (layout-routes.tsx): a chunk of its own,
// loaded where a record is shown, never at start.
import { lazy } from 'react';

export const RecordHistory = lazy(() => import('@/features/audit/HistoryPanel.tsx').then((m) => ({ default: m.HistoryPanel })));
