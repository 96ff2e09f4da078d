/**
 * Settles once the router's first screen (the login form, or the screen a reload opens with its
 * saved rows) has been committed and the browser has had a frame to paint it: work that can wait
 * (building the endpoint table's schemas) starts then instead of competing with that paint.
 */
let settle: () => void = () => {};
export const firstScreenPainted = new Promise<void>((resolve) => {
  settle = resolve;
});

/** At the latest: a start-up that fails before the router's first screen still gets its answers checked. */
const LATEST_MS = 2000;
setTimeout(() => settle(), LATEST_MS);

/** Called by the root route after its first commit. */
export function markFirstScreenCommitted(): void {
  const paintThenSettle = () => setTimeout(settle, 0);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(paintThenSettle);
  else paintThenSettle();
}
