// The first sign-in step's form check, written without a schema library so the sign-in page
// loads none: both fields required, the e-mail well-formed.
import type { Location } from 'react-router';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { Messages, isEmail } from '@vigil/contract';

export interface LoginState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  message?: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Field errors of the credentials form; an empty object when it may be sent. */
export function credentialsProblems(v: Credentials): Partial<Record<keyof Credentials, string>> {
  const problems: Partial<Record<keyof Credentials, string>> = {};
  const email = v.email.trim();
  if (!email) problems.email = Messages.requiredField;
  else if (!isEmail(email)) problems.email = Messages.invalidEmail;
  if (!v.password) problems.password = Messages.requiredField;
  return problems;
}

export const credentialsResolver: Resolver<Credentials> = (values) => {
  const problems = credentialsProblems(values);
  const keys = Object.keys(problems) as (keyof Credentials)[];
  if (!keys.length) return { values: { ...values, email: values.email.trim() }, errors: {} };
  const errors: FieldErrors<Credentials> = {};
  for (const k of keys) errors[k] = { type: 'validate', message: problems[k] };
  return { values: {}, errors };
};
