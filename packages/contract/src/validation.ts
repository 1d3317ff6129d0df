import { Messages } from './messages.ts';

/** Password rule of features §5.4: 8+ characters with upper, lower, digit and non-alphanumeric. */
export function passwordProblem(password: string): string | null {
  const ok =
    password.length >= 8 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  return ok ? null : Messages.passwordRule;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i;
export function isDomain(value: string): boolean {
  return DOMAIN.test(value.trim());
}
