/**
 * "Export orders" from the palette: the palette opens the list and leaves a request here; the
 * list of that resource takes it when it is (or becomes) on screen and exports its current rows.
 * A request not taken within a short while is dropped (the member could not open the list).
 */
type Listener = (resource: string) => void;

const PENDING_MS = 15_000;
let pending: { resource: string; at: number } | null = null;
const listeners = new Set<Listener>();

export function requestExport(resource: string): void {
  pending = { resource, at: Date.now() };
  for (const listener of listeners) listener(resource);
}

/** Takes the request for `resource` if there is one (a list calls this as it mounts). */
export function takeExportRequest(resource: string): boolean {
  if (!pending || pending.resource !== resource) return false;
  const fresh = Date.now() - pending.at < PENDING_MS;
  pending = null;
  return fresh;
}

export function onExportRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
