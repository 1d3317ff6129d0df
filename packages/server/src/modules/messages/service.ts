import { desc, eq } from 'drizzle-orm';
import {
  isMessageLive,
  matchesLocation,
  type AppMessage,
  type AppMessageInput,
  type AppMessageUpdate,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { appMessages } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { RealtimeBus } from '../../platform/realtime.ts';

type Row = typeof appMessages.$inferSelect;

/** What crosses the bus between nodes: the id only; each node loads the row itself. */
export interface MessageNotice {
  kind: 'app-message';
  id: number;
  deleted: boolean;
}

export const isMessageNotice = (p: unknown): p is MessageNotice =>
  typeof p === 'object' && p !== null && (p as MessageNotice).kind === 'app-message';

export const toMessage = (r: Row): AppMessage => ({
  Id: r.id,
  Severity: r.severity,
  Text: r.text,
  IsDismissible: r.isDismissible,
  Locations: r.locations,
  IsActive: r.isActive,
  StartsAt: r.startsAt ? r.startsAt.toISOString() : null,
  EndsAt: r.endsAt ? r.endsAt.toISOString() : null,
  UpdatedAt: r.updatedAt.toISOString(),
});

const columns = (input: AppMessageInput) => ({
  severity: input.Severity,
  text: input.Text.trim(),
  isDismissible: input.IsDismissible ?? true,
  locations: (input.Locations ?? []).map((l) => l.trim()),
  isActive: input.IsActive ?? true,
  startsAt: input.StartsAt ? new Date(input.StartsAt) : null,
  endsAt: input.EndsAt ? new Date(input.EndsAt) : null,
});

/** App messages of the Admin Portal, and the live ones every signed-in user sees. */
export class MessageService {
  constructor(
    private readonly database: Database,
    private readonly bus: RealtimeBus,
  ) {}

  async list(): Promise<AppMessage[]> {
    const rows = await this.database.db.select().from(appMessages).orderBy(desc(appMessages.updatedAt));
    return rows.map(toMessage);
  }

  async get(id: number): Promise<AppMessage | null> {
    const [row] = await this.database.db.select().from(appMessages).where(eq(appMessages.id, id));
    return row ? toMessage(row) : null;
  }

  /** Live now (active and inside its window), optionally only those shown on `path`. */
  async active(now = Date.now(), path?: string): Promise<AppMessage[]> {
    const rows = await this.database.db
      .select()
      .from(appMessages)
      .where(eq(appMessages.isActive, true))
      .orderBy(desc(appMessages.severity), desc(appMessages.updatedAt));
    return rows
      .map(toMessage)
      .filter((m) => isMessageLive(m, now) && (path === undefined || matchesLocation(m.Locations, path)));
  }

  async create(input: AppMessageInput, userId: number): Promise<AppMessage> {
    const [row] = await this.database.db
      .insert(appMessages)
      .values({ ...columns(input), createdBy: userId })
      .returning();
    await this.announce(row.id, false);
    return toMessage(row);
  }

  async update(input: AppMessageUpdate): Promise<AppMessage> {
    const [row] = await this.database.db
      .update(appMessages)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(appMessages.id, input.Id))
      .returning();
    if (!row) throw notFound();
    await this.announce(row.id, false);
    return toMessage(row);
  }

  async remove(id: number): Promise<{ Id: number }> {
    const [row] = await this.database.db
      .delete(appMessages)
      .where(eq(appMessages.id, id))
      .returning({ id: appMessages.id });
    if (!row) throw notFound();
    await this.announce(id, true);
    return { Id: id };
  }

  private async announce(id: number, deleted: boolean) {
    const notice: MessageNotice = { kind: 'app-message', id, deleted };
    await this.bus.publish(notice);
  }
}
