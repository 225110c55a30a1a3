// `/`: the farm's public page. Who we are, the Kurban season (shares, proxy, slaughter days, the
// hall screen), how it works, contact (the farm's phone and address: GET /Farm, public), and the
// way in for staff. CSS only, no images: fast on a
// phone at the farm gate.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import {
  ArrowRight, Beef, CalendarDays, Clock, HandHeart, LayoutDashboard, LogIn, MapPin, MonitorPlay, Phone, ScrollText, Sprout, Users,
} from 'lucide-react';
import { useGetFarm } from '../../../generated/api/settings/settings.ts';
import { Button } from '@/components/ui/button.tsx';
import { apiFetch } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { activateLanguage, t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';

const LANGUAGES = [
  { code: 'tr-TR', short: 'TR' },
  { code: 'en-US', short: 'EN' },
];

/** The server's messages of a language (what staff edited), over the bundled ones. */
async function serverMessages(code: string): Promise<Record<string, string>> {
  const answer = await apiFetch<{ data?: unknown; status?: number }>(`/Translates/languages/${encodeURIComponent(code)}`, { silent: true });
  const envelope = (typeof answer.status === 'number' ? answer.data : answer) as { data: Record<string, string> };
  return envelope.data ?? {};
}

const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: 'livestock', icon: <Beef aria-hidden /> },
  { key: 'shares', icon: <Users aria-hidden /> },
  { key: 'proxy', icon: <ScrollText aria-hidden /> },
  { key: 'slaughter', icon: <CalendarDays aria-hidden /> },
  { key: 'monitor', icon: <MonitorPlay aria-hidden /> },
  { key: 'delivery', icon: <HandHeart aria-hidden /> },
];

export interface LandingPageProps {
  /** The language control of the header; the router may pass the shell's picker. Default: TR / EN. */
  languagePicker?: ReactNode;
}

export function LandingPage({ languagePicker }: LandingPageProps) {
  useLingui();
  const { isAuthenticated } = useSession();
  const farm = useGetFarm({ query: { select: dataOf, staleTime: 5 * 60_000, retry: 1 } }).data;
  const entry = isAuthenticated
    ? { to: '/Dashboard', label: t('auth.goToDashboard'), icon: <LayoutDashboard aria-hidden /> }
    : { to: '/auth/login', label: t('auth.signIn'), icon: <LogIn aria-hidden /> };

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 font-semibold text-foreground">
            <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Sprout className="size-5" aria-hidden />
            </span>
            <span className="text-base sm:text-lg">{t('landing.brand')}</span>
          </Link>
          <nav aria-label={t('landing.brand')} className="ml-auto hidden items-center gap-6 text-sm text-muted-foreground md:flex">
            <a href="#about" className="hover:text-foreground">{t('landing.nav.about')}</a>
            <a href="#kurban" className="hover:text-foreground">{t('landing.nav.kurban')}</a>
            <a href="#contact" className="hover:text-foreground">{t('landing.nav.contact')}</a>
          </nav>
          <div className="ml-auto flex items-center gap-2 md:ml-0">
            <div data-slot="landing-language">{languagePicker ?? <LanguageToggle />}</div>
            <Button asChild>
              <Link to={entry.to} data-testid="landing-sign-in">
                {entry.icon}
                {entry.label}
              </Link>
            </Button>
          </div>
        </div>
      </header>

      <main id="main">
        {/* Hero: gradients and soft shapes, no pictures. */}
        <section className="relative isolate overflow-hidden">
          <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,color-mix(in_oklab,var(--color-primary)_22%,transparent),transparent),radial-gradient(40rem_24rem_at_-10%_110%,color-mix(in_oklab,var(--color-amber-400)_18%,transparent),transparent)]" />
          <div aria-hidden className="absolute -right-24 top-24 -z-10 hidden size-96 rounded-full border-[3rem] border-primary/10 lg:block" />
          <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
            <div>
              <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-highlight px-3 py-1 text-sm font-medium text-highlight-foreground">
                <span className="size-2 rounded-full bg-primary motion-safe:animate-pulse" aria-hidden />
                {t('landing.hero.eyebrow')}
              </p>
              <h1 className="text-balance text-4xl font-bold tracking-tight sm:text-5xl">{t('landing.hero.title')}</h1>
              <p className="mt-5 max-w-2xl text-pretty text-lg text-muted-foreground">{t('landing.hero.subtitle')}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Button asChild size="lg">
                  <a href="#contact">
                    <Phone aria-hidden />
                    {t('landing.hero.contact')}
                  </a>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <a href="#kurban">
                    {t('landing.steps.title')}
                    <ArrowRight aria-hidden />
                  </a>
                </Button>
              </div>
            </div>
            <HeroBoard />
          </div>
        </section>

        <section id="about" className="scroll-mt-20 border-y border-border/60 bg-surface-50 dark:bg-surface-900">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <div className="max-w-3xl">
              <h2 className="text-3xl font-bold tracking-tight">{t('landing.about.title')}</h2>
              <p className="mt-4 text-lg text-muted-foreground">{t('landing.about.text')}</p>
            </div>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((f) => (
                <li key={f.key} className="rounded-xl border border-border bg-card p-6 shadow-(--shadow-card) transition-transform duration-200 hover:-translate-y-0.5">
                  <span className="mb-4 flex size-11 items-center justify-center rounded-lg bg-highlight text-highlight-foreground [&_svg]:size-5">
                    {f.icon}
                  </span>
                  <h3 className="text-lg font-semibold">{t(`landing.feature.${f.key}.title`)}</h3>
                  <p className="mt-2 text-muted-foreground">{t(`landing.feature.${f.key}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="kurban" className="scroll-mt-20">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 className="text-3xl font-bold tracking-tight">{t('landing.steps.title')}</h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-4">
              {[1, 2, 3, 4].map((n) => (
                <li key={n} className="relative rounded-xl border border-border bg-card p-6">
                  <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                    {n}
                  </span>
                  <p className="text-foreground">{t(`landing.steps.${n}`)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="contact" className="scroll-mt-20 bg-surface-900 text-surface-0 dark:bg-surface-800">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
            <div>
              <h2 className="text-3xl font-bold tracking-tight">{t('landing.contact.title')}</h2>
              <p className="mt-4 text-lg text-surface-300">{t('landing.contact.text')}</p>
            </div>
            <ul className="grid gap-5">
              <ContactLine icon={<Clock aria-hidden />} label={t('landing.contact.hoursLabel')} value={t('landing.contact.hours')} />
              {farm?.phone && (
                <ContactLine
                  icon={<Phone aria-hidden />}
                  label={t('landing.contact.phoneLabel')}
                  value={<a href={`tel:${farm.phone.replace(/[^\d+]/g, '')}`} className="underline-offset-4 hover:underline">{farm.phone}</a>}
                  testId="landing-phone"
                />
              )}
              {farm?.address && <ContactLine icon={<MapPin aria-hidden />} label={t('landing.contact.addressLabel')} value={farm.address} testId="landing-address" />}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>{t('landing.footer', { year: new Date().getFullYear() })}</p>
          <p className="flex items-center gap-2">
            {t('landing.staff')}
            <Link to={entry.to} className="font-medium text-primary-text underline-offset-4 hover:underline">
              {entry.label}
            </Link>
          </p>
        </div>
      </footer>
    </div>
  );
}

/** TR / EN: the bundled languages, then what staff edited on the server. */
function LanguageToggle() {
  const { i18n } = useLingui();
  return (
    <div role="group" aria-label={t('landing.language')} className="flex rounded-md border border-border p-0.5 text-xs">
      {LANGUAGES.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          aria-pressed={i18n.locale === l.code}
          onClick={() => void activateLanguage(l.code, serverMessages)}
          className={cn(
            'rounded px-2 py-1 font-medium text-muted-foreground hover:text-foreground',
            i18n.locale === l.code && 'bg-primary text-primary-foreground hover:text-primary-foreground',
          )}
        >
          {l.short}
        </button>
      ))}
    </div>
  );
}

/** A small CSS picture of the season: seven share slots of one head of cattle and a slaughter queue. */
function HeroBoard() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-xl">
        <div className="flex items-center justify-between">
          <span className="flex items-center gap-2 font-semibold">
            <Beef className="size-5 text-primary-text" />
            K-042
          </span>
          <span className="rounded-full bg-tag-success px-2.5 py-0.5 text-xs font-medium text-tag-success-foreground">5 / 7</span>
        </div>
        <div className="mt-5 grid grid-cols-7 gap-2">
          {Array.from({ length: 7 }, (_, i) => (
            <span key={i} className={cn('h-10 rounded-md', i < 5 ? 'bg-primary' : 'bg-primary/40')} />
          ))}
        </div>
        <div className="mt-6 space-y-3">
          {[90, 65, 35].map((w, i) => (
            <div key={i} className="flex items-center gap-3">
              <span className="size-8 shrink-0 rounded-full bg-surface-200 dark:bg-surface-700" />
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-surface-100 dark:bg-surface-800">
                <span className={cn('block h-full rounded-full bg-primary/70', w === 90 ? 'w-[90%]' : w === 65 ? 'w-[65%]' : 'w-[35%]')} />
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-5 -left-5 flex items-center gap-2 rounded-xl border border-border bg-card px-4 py-3 shadow-lg">
        <MonitorPlay className="size-5 text-primary-text" />
        <span className="text-sm font-semibold">#17</span>
        <span className="h-2 w-16 rounded-full bg-amber-400/70" />
      </div>
    </div>
  );
}

function ContactLine({ icon, label, value, testId }: { icon: ReactNode; label: string; value: ReactNode; testId?: string }) {
  return (
    <li className="flex gap-4" data-testid={testId}>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-surface-0/10 text-surface-0 [&_svg]:size-5">{icon}</span>
      <p className="flex flex-col">
        <span className="text-sm text-surface-300">{label}</span>
        <span className="text-lg font-medium">{value}</span>
      </p>
    </li>
  );
}
