import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Who made a request, as sign-in records keep it. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}
