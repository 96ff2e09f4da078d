import type { Context } from 'hono';
import type { Permission } from '../../contract/permissions';
import type { StaffContext } from '../deps';

export type AppEnv = {
  Variables: {
    staff: StaffContext | null;
    /** The request body as text, read within its size cap by the pipeline (./input.ts). */
    bodyText?: string;
  };
};

export type AppContext = Context<AppEnv>;

export const hasPermission = (staff: StaffContext | null | undefined, permission: Permission): boolean => !!staff && staff.permissions.has(permission);
