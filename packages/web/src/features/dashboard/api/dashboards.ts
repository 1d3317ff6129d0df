/**
 * Dashboard calls (platform §7 Dashboards): the list, one dashboard's tiles with their data,
 * the published templates, the enums, and the changes. Tile positions update the cache at once
 * and put it back when the server refuses (features §4.1).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Dashboard,
  DashboardCreate,
  DashboardEnums,
  DashboardLayout,
  DashboardPermissions,
  DashboardUpdate,
  SharedDashboard,
  TileDefinition,
  TileGenerated,
  TileInput,
  TileWithData,
} from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { applyPositions, type PositionChange } from '../lib/layout';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const dashboardKeys = {
  all: (t: number | null) => ['dashboards', t] as const,
  list: (t: number | null) => ['dashboards', t, 'list'] as const,
  tiles: (t: number | null, id: number) => ['dashboards', t, 'tiles', id] as const,
  templates: (t: number | null) => ['dashboards', t, 'templates'] as const,
  enums: (t: number | null) => ['dashboards', t, 'enums'] as const,
  permissions: (t: number | null, id: number) => ['dashboards', t, 'permissions', id] as const,
  shares: (t: number | null, id: number) => ['dashboards', t, 'shares', id] as const,
};

export type DashboardUpdateInput = z.input<typeof DashboardUpdate>;
export type TileDraft = z.input<typeof TileInput>;
export type TileDefinitionInput = z.input<typeof TileDefinition>;

export interface ShareLinkList {
  linksCount: number;
  links: { id: number; createdAt: string; createdBy: string | null }[];
}

const useTenant = () => useAuth()?.tenantId ?? null;

/** GET /api/dashboard: the dashboards this user may open, with their tiles (no data). */
export function useDashboards() {
  const t = useTenant();
  return useQuery({ queryKey: dashboardKeys.list(t), queryFn: () => api.get<Dashboard[]>('/api/dashboard') });
}

/** GET /api/dashboard/{id}/tile: every tile of a dashboard with its data. */
export function useDashboardTiles(id: number | null, refetchInterval?: number | false) {
  const t = useTenant();
  return useQuery({
    queryKey: dashboardKeys.tiles(t, id ?? 0),
    queryFn: () => api.get<TileWithData[]>(`/api/dashboard/${id}/tile`),
    enabled: !!id,
    refetchInterval,
  });
}

/** GET /api/dashboard/layout: the published templates a dashboard can start from. */
export function useDashboardTemplates(enabled: boolean) {
  const t = useTenant();
  return useQuery({
    queryKey: dashboardKeys.templates(t),
    queryFn: () => api.get<DashboardLayout[]>('/api/dashboard/layout'),
    enabled,
  });
}

/** GET /api/dashboard/enums: labels for tile types, statuses, presets and insight types. */
export function useDashboardEnums() {
  const t = useTenant();
  return useQuery({
    queryKey: dashboardKeys.enums(t),
    queryFn: () => api.get<DashboardEnums>('/api/dashboard/enums'),
    staleTime: Infinity,
  });
}

function invalidateDashboards(t: number | null) {
  return queryClient.invalidateQueries({ queryKey: dashboardKeys.all(t) });
}

export type NewDashboard =
  | { kind: 'create'; body: z.input<typeof DashboardCreate> }
  | { kind: 'copy'; body: { id: number; name: string } }
  | { kind: 'template'; body: { layoutId: number; name: string } };

/** POST /api/dashboard, /api/dashboard/copy or /api/dashboard/template. */
export function useNewDashboard() {
  const t = useTenant();
  return useMutation({
    mutationFn: (input: NewDashboard) =>
      api.post<Dashboard>(input.kind === 'create' ? '/api/dashboard' : `/api/dashboard/${input.kind}`, input.body),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** PUT /api/dashboard/{id}: rename, access, ui settings. */
export function useUpdateDashboard() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DashboardUpdateInput }) =>
      api.put<Dashboard>(`/api/dashboard/${id}`, body),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** DELETE /api/dashboard/{id}. */
export function useDeleteDashboard() {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/dashboard/${id}`),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<Dashboard[]>(dashboardKeys.list(t), (old) => old?.filter((d) => d.id !== id));
      return invalidateDashboards(t);
    },
  });
}

/** POST /api/dashboard/{id}/refresh: recomputes every tile. */
export function useRefreshDashboard() {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.post<TileWithData[] | unknown>(`/api/dashboard/${id}/refresh`),
    onSuccess: (res, id) => {
      if (Array.isArray(res)) queryClient.setQueryData(dashboardKeys.tiles(t, id), res);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.tiles(t, id) });
    },
  });
}

/** POST /api/dashboard/{id}/tile (new) or PUT /api/dashboard/{id}/tile/{tileId}. */
export function useSaveTile() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ dashboardId, tileId, body }: { dashboardId: number; tileId?: number; body: TileDraft }) =>
      tileId
        ? api.put<TileWithData>(`/api/dashboard/${dashboardId}/tile/${tileId}`, body)
        : api.post<TileWithData>(`/api/dashboard/${dashboardId}/tile`, body),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** DELETE /api/dashboard/{id}/tile/{tileId}. */
export function useDeleteTile() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ dashboardId, tileId }: { dashboardId: number; tileId: number }) =>
      api.delete<unknown>(`/api/dashboard/${dashboardId}/tile/${tileId}`),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** POST /api/dashboard/{id}/tile/{tileId}/refresh: one tile's data again. */
export function useRefreshTile() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ dashboardId, tileId }: { dashboardId: number; tileId: number }) =>
      api.post<TileWithData>(`/api/dashboard/${dashboardId}/tile/${tileId}/refresh`),
    onSuccess: (fresh, { dashboardId, tileId }) => {
      if (!fresh || typeof fresh !== 'object' || !('data' in fresh)) return;
      queryClient.setQueryData<TileWithData[]>(dashboardKeys.tiles(t, dashboardId), (old) =>
        old?.map((x) => (x.id === tileId ? fresh : x)),
      );
    },
  });
}

/**
 * PUT /api/dashboard/{id}/tile/position. Optimistic: both caches take the new positions at
 * once; on failure they get their old contents back and the caller shows why.
 */
export function useSaveTilePositions() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ dashboardId, positions }: { dashboardId: number; positions: PositionChange[] }) =>
      api.put<unknown>(`/api/dashboard/${dashboardId}/tile/position`, { positions }),
    onMutate: async ({ dashboardId, positions }) => {
      const listKey = dashboardKeys.list(t);
      const tilesKey = dashboardKeys.tiles(t, dashboardId);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: listKey }),
        queryClient.cancelQueries({ queryKey: tilesKey }),
      ]);
      const list = queryClient.getQueryData<Dashboard[]>(listKey);
      const tiles = queryClient.getQueryData<TileWithData[]>(tilesKey);
      if (list)
        queryClient.setQueryData<Dashboard[]>(
          listKey,
          list.map((d) => (d.id === dashboardId ? { ...d, tiles: applyPositions(d.tiles, positions) } : d)),
        );
      if (tiles) queryClient.setQueryData<TileWithData[]>(tilesKey, applyPositions(tiles, positions));
      return { list, tiles, listKey, tilesKey };
    },
    onError: (_err, _vars, ctx) => {
      if (!ctx) return;
      queryClient.setQueryData(ctx.listKey, ctx.list);
      queryClient.setQueryData(ctx.tilesKey, ctx.tiles);
    },
  });
}

/** POST /api/dashboard/tile/generate: a tile's data before it is saved (the editor's preview). */
export function generateTile(body: TileDefinitionInput, signal?: AbortSignal): Promise<TileGenerated> {
  return api.post<TileGenerated>('/api/dashboard/tile/generate', body, { signal });
}

/** GET /api/dashboard/{id}/permissions: access type and every tenant user with a level. */
export function useDashboardPermissions(id: number, enabled: boolean) {
  const t = useTenant();
  return useQuery({
    queryKey: dashboardKeys.permissions(t, id),
    queryFn: () => api.get<DashboardPermissions>(`/api/dashboard/${id}/permissions`),
    enabled,
  });
}

/** PUT /api/dashboard/{id}/permissions: levels for some users. */
export function useSavePermissions() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ id, userPermissions }: { id: number; userPermissions: { userId: number; accessType: number }[] }) =>
      api.put<DashboardPermissions>(`/api/dashboard/${id}/permissions`, { userPermissions }),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** PUT /api/dashboard/{id}/permissions/access/{type}: Public 0 or Private 1. */
export function useSetAccess() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: 0 | 1 }) =>
      api.put<unknown>(`/api/dashboard/${id}/permissions/access/${type}`),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** GET /api/dashboard/{id}/share: the active links (tokens are never shown again). */
export function useShareLinks(id: number, enabled: boolean) {
  const t = useTenant();
  return useQuery({
    queryKey: dashboardKeys.shares(t, id),
    queryFn: () => api.get<ShareLinkList>(`/api/dashboard/${id}/share`),
    enabled,
  });
}

/** POST /api/dashboard/{id}/share: a new link; its token and URL come back this once. */
export function useCreateShareLink() {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.post<{ token: string; url?: string; id?: number }>(`/api/dashboard/${id}/share`),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** DELETE /api/dashboard/{id}/share: deactivates one link. */
export function useDeleteShareLink() {
  const t = useTenant();
  return useMutation({
    mutationFn: ({ id, linkId }: { id: number; linkId: number }) =>
      api.delete<unknown>(`/api/dashboard/${id}/share`, undefined, { query: { linkId } }),
    onSuccess: () => invalidateDashboards(t),
  });
}

/** Refresh of the shared view: every 5 minutes (platform §9's 300000 ms constant). */
export const SHARED_REFRESH_MS = 5 * 60_000;

/** GET /api/dashboard-share?token=: the public, read-only dashboard. */
export function useSharedDashboard(token: string) {
  return useQuery({
    queryKey: ['dashboard-share', token],
    queryFn: () => api.get<SharedDashboard>('/api/dashboard-share', { auth: false, query: { token } }),
    enabled: token.length > 0,
    refetchInterval: SHARED_REFRESH_MS,
    retry: false,
  });
}

/** The shared view's logo address (the tenant's, when it has one). */
export function sharedLogoUrl(token: string): string {
  return api.url('/api/dashboard-share/logo', { token });
}
