import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RequestMeta } from '../modules/auth/activity.ts';

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}

export function iso(d: Date | string | null): string {
  if (d === null) return '';
  return (d instanceof Date ? d : new Date(d)).toISOString();
}
