// The auth pages. Each takes the shell's AuthFrame as `frame` (features cannot import the shell).
export { LoginPage } from './LoginPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
export { WaitingPage } from './WaitingPage.tsx';
export { AccessDeniedPage } from './AccessDeniedPage.tsx';
export { ErrorPage } from './ErrorPage.tsx';
export { NotFoundPage } from './NotFoundPage.tsx';
export { type AuthFrameComponent, type AuthFrameProps, type AuthPageProps } from './auth-frame.tsx';
export { WAITING_ROUTE, signOut } from './session-api.ts';
