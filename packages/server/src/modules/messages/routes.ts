import { z } from 'zod';
import {
  ActiveMessagesQuery,
  AppMessage,
  AppMessageDeleted,
  AppMessageInput,
  AppMessageUpdate,
  Privilege,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { typed, type App } from '../../platform/http.ts';
import { createRealtimeBus } from '../../platform/realtime.ts';
import { supportRoutes } from '../support/routes.ts';
import { realtimeRoutes } from './realtime-routes.ts';
import { MessageService } from './service.ts';

const tags = ['Messages'];
const admins = { access: { privilege: Privilege.allAdmins } };

/**
 * App messages (platform §7 `api/messages`), the real-time channel that pushes them, and the
 * Support screen's ticket: how the platform and its users reach each other.
 */
export function messageRoutes(app: App, deps: Deps): void {
  void app.register(async (scope) => {
    const bus = createRealtimeBus(deps.database);
    await bus.start();
    scope.addHook('onClose', async () => bus.close());
    const messages = new MessageService(deps.database, bus);
    const r = typed(scope);

    r.get('/api/messages', { config: admins, schema: { tags, response: { 200: z.array(AppMessage) } } }, async () =>
      messages.list(),
    );

    r.get(
      '/api/messages/active',
      { schema: { tags, querystring: ActiveMessagesQuery, response: { 200: z.array(AppMessage) } } },
      async (req) => messages.active(Date.now(), req.query.path),
    );

    r.post(
      '/api/messages/',
      { config: admins, schema: { tags, body: AppMessageInput, response: { 200: AppMessage } } },
      async (req) => messages.create(req.body, req.auth.userId),
    );

    r.put(
      '/api/messages/',
      { config: admins, schema: { tags, body: AppMessageUpdate, response: { 200: AppMessage } } },
      async (req) => messages.update(req.body),
    );

    r.delete(
      '/api/messages/:id',
      {
        config: admins,
        schema: {
          tags,
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: AppMessageDeleted },
        },
      },
      async (req) => messages.remove(req.params.id),
    );

    await realtimeRoutes(scope, deps, bus, messages);
  });
  supportRoutes(app, deps);
}
