import { z } from 'zod';
import { ADMIN, endpoint } from '../endpoint';
import { dashboardEndpoints } from './dashboard';

export * from './dashboard';

/**
 * The Home dashboard's activity feed: the latest change-log and audit entries the member may see.
 * The spec's log lists are table screens; Home only needs the newest few of each, so this small
 * endpoint answers both at once and leaves out what the member lacks the permission for
 * (viewChangeLogs, viewAudits) instead of failing.
 */
export const HOME_ACTIVITY_LIMIT = 10;

/** Dates are UTC 'YYYY-MM-DD HH:mm:ss', as everywhere in the API. */
export const homeChangeLogEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  actionType: z.string(),
  modelType: z.string(),
  modelId: z.number().int().nullable(),
  information: z.unknown(),
});
export type HomeChangeLogEntry = z.infer<typeof homeChangeLogEntrySchema>;

export const homeAuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  event: z.string(),
  auditableType: z.string(),
  auditableId: z.number().int().nullable(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
});
export type HomeAuditEntry = z.infer<typeof homeAuditEntrySchema>;

export const homeActivitySchema = z.object({
  changeLogs: z.array(homeChangeLogEntrySchema),
  audits: z.array(homeAuditEntrySchema),
});
export type HomeActivity = z.infer<typeof homeActivitySchema>;

export const homeEndpoints = {
  ...dashboardEndpoints,
  homeActivity: endpoint({
    method: 'GET',
    path: `${ADMIN}/home/activity`,
    permission: 'authenticated',
    response: homeActivitySchema,
    summary: `The latest ${HOME_ACTIVITY_LIMIT} change-log entries (viewChangeLogs) and audit entries (viewAudits); empty lists without the permission`,
  }),
};
