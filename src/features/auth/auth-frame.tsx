// The frame every auth page sits in: a centred card. The shell owns it (logo, appearance and
// language controls floating top right); features may not import the shell, so each page takes it
// as `frame`, which the router passes.
import type { ComponentType, ReactNode } from 'react';

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

/** Props every auth page takes: the shell's `AuthFrame`, injected by the router (features may
 *  not import the shell). */
export interface AuthPageProps {
  frame: AuthFrameComponent;
}
