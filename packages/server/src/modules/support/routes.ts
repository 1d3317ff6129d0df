import { SupportTicket, SupportTicketInput } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { SupportService } from './service.ts';

const tags = ['Support'];

/** `POST /api/support/ticket` (platform §7): the Support screen's message to the platform's support team. */
export function supportRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const support = new SupportService(deps.database, deps.mailer, deps.config.SUPPORT_EMAIL, deps.config.publicUrl);

  r.post(
    '/api/support/ticket',
    {
      config: {
        access: { permissions: ['support.createsupportticket'] },
        // A person writes a handful of these a day; a loop must not flood the support inbox.
        rateLimit: { max: 20, timeWindow: '1 hour' },
      },
      schema: { tags, body: SupportTicketInput, response: { 200: SupportTicket } },
    },
    async (req) => support.create(tenantOf(req), req.auth.userId, req.body),
  );
}
