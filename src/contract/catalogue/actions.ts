import type { EndpointName } from '../endpoints';

/** A service's archive state: the archived flag, as the state its actions start from. */
export type ServiceArchiveState = 'active' | 'archived';

/**
 * The service actions, said once for the server's row flags and audit events and the console's
 * declarations: label, the past participle of its messages, the row flag that allows it, the
 * archive states it starts from and the endpoint that performs it, whose permission is the
 * action's. Schema-free: the console's start-up code imports it.
 */
export interface ServiceActionFacts {
  label: string;
  past: string;
  flag: 'archivable' | 'unarchivable' | 'copyable';
  from: readonly ServiceArchiveState[];
  endpoint: EndpointName;
}

export const SERVICE_ACTIONS: Readonly<Record<'archive' | 'unarchive' | 'copy', ServiceActionFacts>> = {
  // Archiving also disables it; back from the archive it stays disabled.
  archive: { label: 'Archive', past: 'archived', flag: 'archivable', from: ['active'], endpoint: 'servicesArchive' },
  unarchive: { label: 'Unarchive', past: 'unarchived', flag: 'unarchivable', from: ['archived'], endpoint: 'servicesUnarchive' },
  copy: { label: 'Copy', past: 'copied', flag: 'copyable', from: ['active', 'archived'], endpoint: 'servicesCopy' },
};
