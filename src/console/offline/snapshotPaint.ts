/**
 * Resolves once the copy of the last screen that index.html put in the page has been painted, or
 * at once when there is none (or the page is hidden, where no frame comes). The entry waits for
 * it before it evaluates the app: a browser runs a page's module scripts as soon as parsing ends,
 * before any frame, so the copy would otherwise reach the screen only after the framework and the
 * shell had been evaluated (~40 ms later on a 2-core machine). Bounded by `maxWaitMs`.
 *
 * No imports: this runs in the entry chunk, before anything else loads.
 */
export function afterSnapshotPainted(doc: Document = document, maxWaitMs = 100): Promise<void> {
  if (doc.visibilityState !== 'visible' || !doc.querySelector('[data-screen-snapshot]')) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    // A frame's callbacks run before its paint; a message posted from one is handled after it.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  });
}
