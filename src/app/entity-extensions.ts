// Which hand-written feature extends which entity's generic screen: buttons beside New, row
// actions, a page of its own per row (src/admin's EntityPageExtension). Composed here because the
// generic screen knows no entity and features do not import each other. Each loads with its page.
import type { EntityPageExtension } from '@/admin/index.ts';

export const entityExtensions: Record<string, () => Promise<EntityPageExtension>> = {};
