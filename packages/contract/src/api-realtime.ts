// The real-time channel (`/api/realtime`): its path, close codes and frames.
import { AppMessage } from './api-app-messages.ts';

/**
 * The real-time channel (`/api/realtime`, a WebSocket). The client's first frame must be
 * `{"type":"auth","token":"<access token>"}` within a few seconds; the server answers `ready`
 * or closes with code 4401. Events follow as JSON frames.
 */
export const REALTIME_PATH = '/api/realtime';
export const RealtimeCloseCodes = { unauthorized: 4401, expired: 4402 } as const;
export type RealtimeEvent = { type: 'MessageUpdated'; message: AppMessage } | { type: 'MessageDeleted'; id: number };
export type RealtimeServerFrame = { type: 'ready' } | RealtimeEvent;
