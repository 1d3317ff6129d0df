import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Messages, ServerMessages, type ErrorBody } from '@vigil/contract';

/** An error whose status and message are meant for the caller. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: { Field: string; Message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? [{ Field: field, Message: message }] : undefined);
export const unauthorized = (message: string = Messages.sessionExpired) => new HttpError(401, message);
export const forbidden = (message: string = Messages.forbidden) => new HttpError(403, message);
/** Anything outside the caller's tenant is simply not there. */
export const notFound = (message: string = ServerMessages.notFound) => new HttpError(404, message);
export const tooMany = (message: string) => new HttpError(429, message);

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function errorBody(statusCode: number, message: string, errors?: ErrorBody['Errors']): ErrorBody {
  return { Message: message, title: titles[statusCode] ?? 'Error', statusCode, ...(errors ? { Errors: errors } : {}) };
}

function fieldName(path: readonly PropertyKey[], where: string): string {
  return path.length ? path.map(String).join('.') : where;
}

/** The SQLSTATE of a database error, also when the query builder wrapped it. */
export function databaseErrorCode(err: unknown): string | null {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Class 22 (data exception: invalid text representation, numeric out of range, bad encoding,
 * datetime overflow, invalid escape…) and 54001 (statement too complex / stack depth) come from
 * what the caller sent.
 */
export const refusedInput = (sqlState: string) => sqlState.startsWith('22') || sqlState === '54001';

/**
 * The query builder puts the statement's parameters in its error message; the log and the error
 * log keep the statement and the database's reason, never the values (they carry user input).
 */
function withoutQueryValues(err: unknown): unknown {
  if (!(err instanceof Error) || !('params' in err)) return err;
  const cause = (err as { cause?: unknown }).cause;
  const reason = cause instanceof Error ? cause.message : '';
  const query = String((err as { query?: unknown }).query ?? '').slice(0, 2000);
  const safe = new Error(`Failed query: ${query}${reason ? `\nreason: ${reason}` : ''}`);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [safe.message, ...frames].join('\n');
  Object.assign(safe, { code: databaseErrorCode(err) ?? undefined });
  return safe;
}

/** Told of every request answered with a 5xx (the error log keeps them). */
export type ServerErrorSink = (err: unknown, req: FastifyRequest) => void;
declare module 'fastify' {
  interface FastifyInstance {
    serverErrorSinks: ServerErrorSink[];
  }
}

/** One place turns every failure into the spec's error body (platform §8). */
export function installErrorHandler(app: FastifyInstance): void {
  const sinks: ServerErrorSink[] = [];
  app.decorate('serverErrorSinks', sinks);
  const report = (err: unknown, req: FastifyRequest) => sinks.forEach((sink) => sink(err, req));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors = err.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        return { Field: fieldName(path, where), Message: v.message ?? 'Invalid value' };
      });
      const first = errors[0];
      const message = first ? `${first.Field}: ${first.Message}` : Messages.badRequest;
      return reply.status(400).send(errorBody(400, message, errors));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      report(err, req);
      return reply.status(500).send(errorBody(500, Messages.somethingWrong));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(errorBody(400, ServerMessages.invalidJson));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        // The product contract answers every malformed request with 400, oversize included.
        return reply.status(400).send(errorBody(400, ServerMessages.bodyTooLarge));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(errorBody(415, 'Unsupported content type.'));
    }
    const sqlState = databaseErrorCode(err);
    if (sqlState && refusedInput(sqlState)) {
      // Input the database could not take (a malformed number, a value out of range, nesting
      // too deep): the caller's mistake, answered without logging the statement or its values.
      return reply.status(400).send(errorBody(400, Messages.badRequest));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      const logged = withoutQueryValues(err);
      req.log.error({ err: logged }, 'request failed');
      report(logged, req);
      return reply.status(500).send(errorBody(500, Messages.somethingWrong));
    }
    if (status === 429) return reply.status(429).send(errorBody(429, ServerMessages.tooManyAttempts));
    return reply.status(status).send(errorBody(status, err.message || Messages.badRequest));
  });
}
