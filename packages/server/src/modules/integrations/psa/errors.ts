// Failures talking to a PSA: its error and the outbound guard's refusal.

/** A failure talking to the PSA: `status` is the HTTP status (0 for network errors). */
export class PsaError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** True when trying again later can succeed (429, 5xx, network). */
    readonly retryable: boolean,
    /** Seconds the PSA asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'PsaError';
  }
}

/** The outbound guard refused the PSA's address: a setting to change, not a PSA outage. */
export class PsaRefused extends PsaError {
  constructor(message: string) {
    super(message, 0, false);
    this.name = 'PsaRefused';
  }
}
