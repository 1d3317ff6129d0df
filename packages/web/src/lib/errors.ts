import { Messages } from '@vigil/contract';

export interface FieldError {
  Field: string;
  Message: string;
}

/** A failed call, rejected with the status, statusText and data of the response (platform §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;

  constructor(status: number, statusText: string, data: unknown) {
    super('');
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.data = data;
    this.message = resolveErrorMessage(this);
  }

  /** Per-field messages of a 400 answer, keyed by the API field name. */
  get fieldErrors(): Record<string, string> {
    const d = this.data as { Errors?: FieldError[] } | null;
    const out: Record<string, string> = {};
    for (const e of Array.isArray(d?.Errors) ? d.Errors : []) {
      if (e && typeof e.Field === 'string' && typeof e.Message === 'string' && !(e.Field in out))
        out[e.Field] = e.Message;
    }
    return out;
  }
}

/** Raised when a refresh is attempted with no stored token (platform §8). */
export class NotAuthorizedError extends Error {
  constructor() {
    super(Messages.notAuthorized);
    this.name = 'NotAuthorizedError';
  }
}

const statusDefaults: Record<number, string> = {
  400: Messages.badRequest,
  401: Messages.sessionExpired,
  403: Messages.forbidden,
};

function nonEmpty(v: unknown): v is string {
  return typeof v === 'string' && v.trim().length > 0;
}

/**
 * Platform §8 message resolution: the response data when it is text, else its Message, title
 * or error field; then the status default (401, 403, 400); then the error's own message;
 * finally 'Something went Wrong'.
 */
export function resolveErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; data?: unknown; message?: unknown };
    const data = e.data;
    if (nonEmpty(data) && !/^\s*</.test(data)) return data;
    if (data && typeof data === 'object') {
      const d = data as Record<string, unknown>;
      if (nonEmpty(d.Message)) return d.Message;
      if (nonEmpty(d.title)) return d.title;
      if (nonEmpty(d.error)) return d.error;
    }
    if (typeof e.status === 'number' && statusDefaults[e.status]) return statusDefaults[e.status];
    if (!(error instanceof ApiError) && nonEmpty(e.message)) return e.message;
    return Messages.somethingWrong;
  }
  if (nonEmpty(error)) return error;
  return Messages.somethingWrong;
}
