// The footer credits the farm (the `company.name` setting when the user may read settings, else
// the product title) and the site's developer (`developer.name` setting, else the translated
// credit).
import { useLingui } from '@lingui/react';
import { useGetSettingsForPaging } from '../../generated/api/settings/settings.ts';
import type { PagedListRequest } from '../../generated/api/model/index.ts';
import { dataOf } from '@/lib/envelope.ts';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';

const CREDIT_KEYS = ['company.name', 'developer.name'];
const CREDITS: PagedListRequest = {
  PageNumber: 1,
  PageSize: CREDIT_KEYS.length,
  FilterParam: [{ ColumnName: 'key', FilterValue: CREDIT_KEYS, MatchMode: 'in' }],
};

export function useCreditSettings(): Record<string, string> {
  const { user, hasClaim } = useSession();
  const canRead = !!user && hasClaim('Settings.Read');
  const { data } = useGetSettingsForPaging(CREDITS, { query: { select: dataOf, enabled: canRead, staleTime: 10 * 60_000, retry: 0 }, request: { silent: true } });
  return Object.fromEntries((data?.data ?? []).filter((r) => r.value?.trim()).map((r) => [r.key, r.value!.trim()]));
}

export function Footer({ className }: { className?: string }) {
  useLingui();
  const settings = useCreditSettings();
  const farm = settings['company.name'] ?? t('app.title');
  const developer = settings['developer.name'] ?? t('footer.developerName');
  return (
    <footer data-slot="footer" className={cn('flex flex-wrap items-center justify-center gap-x-3 gap-y-1 py-4 text-sm text-muted-foreground', className)}>
      <span>{t('footer.copyright', { year: new Date().getFullYear(), farm })}</span>
      <span aria-hidden>·</span>
      <span>{t('footer.developedBy', { developer })}</span>
    </footer>
  );
}
