// The one rule for a new password, on every path that sets one (registration, a user created or
// edited, the first administrator's ADMIN_PASSWORD): at least PASSWORD_MIN_LENGTH characters
// (the contract says so too, for the forms) and not one of the common passwords people and
// cracking lists try first. The list is zxcvbn-ts's (about 49,000 passwords gathered from leaks,
// maintained with the library), compared without case. Signing in never applies it: a password
// set before the rule still signs in.
import { dictionary } from '@zxcvbn-ts/language-common';
import { fieldError, type FieldError } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 10;

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLocaleLowerCase('en-US')));

/** Why `password` may not be set (as a field error of `field`), or undefined when it may. */
export function passwordProblem(field: string, password: string): FieldError | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return fieldError(field, 'minLength', { min: PASSWORD_MIN_LENGTH });
  if (COMMON.has(password.toLocaleLowerCase('en-US'))) return fieldError(field, 'commonPassword');
  return undefined;
}
