// Labelled text fields of the auth forms: the error under the field, tied to it for screen
// readers, and a password field with a show/hide toggle.
import { useId, useState, type ComponentProps } from 'react';
import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { describeFailure } from './session-api.ts';

interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

export function PasswordField({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const described = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          className="pr-10"
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} data-slot="field-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}

/** The form-level message: announced to screen readers as it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" data-testid="form-error">
      <CircleAlert aria-hidden />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** After a refused submit: the first field marked invalid gets the focus (once React has marked it). */
export function focusFirstInvalid(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** An auth form's state: each field's error, the form's failure line, and whether it is sending.
 *  `submit` shows the client checks' errors or sends; a failure goes on its fields or the form,
 *  and the first invalid field gets the focus. */
export function useAuthForm<F extends string>(labels: Record<F, string>) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(form: HTMLFormElement, found: Partial<Record<F, string | undefined>>, send: () => Promise<void>) {
    setErrors(found);
    setFailure(undefined);
    if (Object.values(found).some(Boolean)) return focusFirstInvalid(form);
    setBusy(true);
    try {
      await send();
    } catch (err) {
      const { message, fields } = describeFailure(err, labels);
      setErrors(fields as Partial<Record<F, string>>);
      setFailure(message);
      setBusy(false);
      if (Object.keys(fields).length) focusFirstInvalid(form);
    }
  }
  return { errors, failure, busy, submit };
}
