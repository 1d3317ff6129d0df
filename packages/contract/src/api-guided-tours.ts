import { z } from 'zod';

/** The app's own first-run guided tours (features §7 in-app guidance). */
export const GUIDED_TOURS = ['home', 'audit', 'activate-backups'] as const;
export const GuidedTourId = z.enum(GUIDED_TOURS);
export type GuidedTourId = z.infer<typeof GuidedTourId>;

/** `GET/PUT api/account/guided-tours`: the tours this user has finished or dismissed. */
export const GuidedTours = z.object({ Dismissed: z.array(GuidedTourId).max(GUIDED_TOURS.length) });
export type GuidedTours = z.infer<typeof GuidedTours>;
