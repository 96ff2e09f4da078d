import type { Context } from 'hono';
import type { Permission } from '../../contract/permissions';
import type { Database } from '../db/client';
import type { ServerConfig } from '../config';

/** The signed-in staff member, as the pipeline resolved it from the bearer token. */
export interface StaffContext {
  id: number;
  email: string;
  name: string;
  /** Direct and role permissions together (the profile's allPermissions). */
  permissions: ReadonlySet<Permission>;
  /** The version the request's token carried: its session's (or, without a session, the member's). */
  tokenVersion: number;
  /** The sign-in (device) the token belongs to; absent for a token issued before sessions existed. */
  sessionId?: number;
}

/** What every handler can reach: the database, configuration and the realtime publisher. */
export interface AppDeps {
  database: Database;
  config: ServerConfig;
  /** Publishes realtime events after commit (DESIGN.md §6). */
  publish: (channel: string, event: string, data: unknown) => void;
}

export type AppEnv = {
  Variables: {
    staff: StaffContext | null;
    /** The request body as text, read within its size cap by the pipeline (./input.ts). */
    bodyText?: string;
  };
};

export type AppContext = Context<AppEnv>;

/** Who did it, for audit entries: the member, their address and browser. */
export interface Actor {
  staffId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export const hasPermission = (staff: StaffContext | null | undefined, permission: Permission): boolean =>
  !!staff && staff.permissions.has(permission);
