import type { Permission } from '../contract/permissions';
import type { Database } from './db/client';
import type { ServerConfig } from './config';

/** What every handler, job and route can reach: the database, configuration and the realtime publisher. */
export interface AppDeps {
  database: Database;
  config: ServerConfig;
  /** Publishes realtime events; callers publish after their transaction commits, so no one is told of a change that rolled back. */
  publish: (channel: string, event: string, data: unknown) => void;
}

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

/** Who did it, for audit entries: the member, their address and browser. */
export interface Actor {
  staffId: number | null;
  ip: string | null;
  userAgent: string | null;
}
