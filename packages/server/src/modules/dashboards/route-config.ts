import { z } from 'zod';
import { EDIT, VIEW } from './access.ts';

/** What the dashboard routes share: who gets in, and how ids in paths are read. */
export const viewers = { access: { permissions: [VIEW] } };
export const editors = { access: { permissions: [VIEW, EDIT] } };
export const tags = ['Dashboards'];
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
