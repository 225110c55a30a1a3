// /auth/register: a new user registers and is signed in as a guest (no claims) until an
// administrator adds them to a group; they wait on the waiting page.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { session, useSession } from '@/lib/session.ts';
import { type AuthPageProps } from './auth-frame.tsx';
import { FormError, PasswordField, TextField, useAuthForm } from './fields.tsx';
import { DASHBOARD_ROUTE, WAITING_ROUTE, check, register } from './session-api.ts';

const MIN_PASSWORD = 8;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
type Field = 'firstName' | 'lastName' | 'email' | 'password' | 'phoneNumber';

export function RegisterPage({ frame: Frame }: AuthPageProps) {
  useLingui();
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '', password: '', phoneNumber: '' });
  const labels: Record<Field, string> = {
    firstName: t('auth.firstName'),
    lastName: t('auth.lastName'),
    email: t('auth.email'),
    password: t('auth.password'),
    phoneNumber: t('auth.phone'),
  };
  const { errors, failure, busy, submit: send } = useAuthForm(labels);

  if (isAuthenticated) return <Navigate to={DASHBOARD_ROUTE} replace />;
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const phone = values.phoneNumber.trim();
    const found = {
      firstName: check.required(values.firstName, labels.firstName),
      lastName: check.required(values.lastName, labels.lastName),
      email: check.email(values.email, labels.email),
      password: check.minLength(values.password, labels.password, MIN_PASSWORD),
      phoneNumber: phone && !PHONE.test(phone) ? t('validation.format', { label: labels.phoneNumber }) : undefined,
    };
    await send(e.currentTarget, found, async () => {
      const user = await register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(phone ? { phoneNumber: phone } : {}),
      });
      session.login(user);
      navigate(user.userInfo?.isGuest === false ? DASHBOARD_ROUTE : WAITING_ROUTE, { replace: true });
    });
  }

  return (
    <Frame title={<h1>{t('auth.register.title')}</h1>} description={t('auth.register.subtitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={busy}>
        <FormError message={failure} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={labels.firstName} autoComplete="given-name" autoFocus {...bind('firstName')} />
          <TextField label={labels.lastName} autoComplete="family-name" {...bind('lastName')} />
        </div>
        <TextField label={labels.email} type="email" inputMode="email" autoComplete="email" {...bind('email')} />
        <PasswordField label={labels.password} autoComplete="new-password" hint={t('auth.passwordHint')} {...bind('password')} />
        <TextField label={labels.phoneNumber} type="tel" inputMode="tel" autoComplete="tel" {...bind('phoneNumber')} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          <UserPlus aria-hidden />
          {busy ? t('auth.registering') : t('auth.register')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('auth.haveAccount')}{' '}
        <Link to="/auth/login" className="font-medium text-primary-text underline-offset-4 hover:underline">
          {t('auth.signIn')}
        </Link>
      </p>
    </Frame>
  );
}
