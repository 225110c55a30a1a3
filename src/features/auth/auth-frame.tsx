// The centred card every auth page sits in. The shell owns the real frame (logo, appearance and
// language controls floating top right); features may not import the shell, so each page takes it
// as `frame` (the router passes the shell's AuthFrame) and falls back to this plain one.
import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';

export interface AuthFrameProps {
  /** The card's heading (already translated). */
  title: ReactNode;
  /** A line under the heading. */
  description?: ReactNode;
  /** An icon above the heading. */
  icon?: ReactNode;
  children?: ReactNode;
}
export type AuthFrameComponent = ComponentType<AuthFrameProps>;

/** Props every auth page accepts: the shell's `AuthFrame`, injected by the router. */
export interface AuthPageProps {
  frame?: AuthFrameComponent;
}

/** A plain page with a centred card: the frame used when the router injects none. */
export function PlainAuthFrame({ title, description, icon, children }: AuthFrameProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-16">
      <Card className="w-full max-w-md py-8">
        <CardHeader className="items-center px-8 text-center">
          {icon && <div className="mb-2 flex justify-center text-primary-text [&_svg]:size-10">{icon}</div>}
          <CardTitle className="text-2xl">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="flex flex-col gap-4 px-8">{children}</CardContent>}
      </Card>
    </main>
  );
}
