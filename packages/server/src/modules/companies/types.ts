/** Who asks: the tenant, and the companies they may see (null for all). */
export interface Viewer {
  tenantId: number;
  visible: number[] | null;
}
