// /auth/login: email and password against Auth/login; the session record goes to local storage
// and the user on to `returnUrl` (else /Dashboard), or to the waiting page while still a guest.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { session, useSession } from '@/lib/session.ts';
import { type AuthPageProps } from './auth-frame.tsx';
import { FormError, PasswordField, TextField, useAuthForm } from './fields.tsx';
import { WAITING_ROUTE, check, safeReturnUrl, signIn } from './session-api.ts';


export function LoginPage({ frame: Frame }: AuthPageProps) {
  useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isAuthenticated } = useSession();
  const target = safeReturnUrl(params.get('returnUrl'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const labels = { email: t('auth.email'), password: t('auth.password') };
  const { errors, failure, busy, submit: send } = useAuthForm(labels);

  // A signed-in user has nothing to do here.
  if (isAuthenticated) return <Navigate to={target} replace />;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = { email: check.email(email, labels.email), password: check.required(password, labels.password) };
    await send(e.currentTarget, found, async () => {
      const user = await signIn({ email: email.trim(), password });
      session.login(user);
      navigate(user.userInfo?.isGuest ? WAITING_ROUTE : target, { replace: true });
    });
  }

  return (
    <Frame title={<h1>{t('auth.login.title')}</h1>} description={t('auth.login.subtitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={busy}>
        <FormError message={failure} />
        <TextField
          label={labels.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <PasswordField
          label={labels.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          <LogIn aria-hidden />
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('auth.noAccount')}{' '}
        <Link to="/auth/register" className="font-medium text-primary-text underline-offset-4 hover:underline">
          {t('auth.register')}
        </Link>
      </p>
    </Frame>
  );
}
