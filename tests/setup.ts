// Shared test setup. Console tests run in happy-dom; these matchers and stubs are harmless in node.
import '@testing-library/jest-dom/vitest';

// The demo seed's order book is 200,000 orders by default; test apps seed a small one.
process.env.SEED_ORDERS ??= '2000';

if (typeof window !== 'undefined') {
  // Mantine reads matchMedia (useMediaQuery); '' answers true as browsers do.
  if (!window.matchMedia || !('__stub' in window.matchMedia)) {
    const matchMedia = (query: string) => ({
      matches: query === '',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
    Object.assign(matchMedia, { __stub: true });
    Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMedia });
  }
  if (!('ResizeObserver' in window)) {
    (window as any).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  window.scrollTo = (() => {}) as typeof window.scrollTo;
}

// Server tests seed a smaller demo so each test file's database is ready in a second or two; the
// seed steps read these (the full demo is 5,000 users and 200,000 orders).
process.env.SEED_USERS ??= '400';
process.env.SEED_ORDERS ??= '3000';

// The console loads the endpoint table beside its start-up code (src/console/api/contract.ts);
// tests start with it loaded, as the app normally is by its first call.
if (typeof window !== 'undefined') {
  const { loadContract } = await import('../src/console/api/contract');
  await loadContract();
}
