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
  tokenVersion: number;
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
