// Shared test setup. Console tests run in happy-dom; these matchers and stubs are harmless in node.
import '@testing-library/jest-dom/vitest';
import './seedSize';

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

  // findBy… and waitFor wait for a state up to 10 s: the default 1 s is shorter than a first
  // paint on a loaded machine. They return as soon as the state is there.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });

  // What a tab keeps (the row last opened from a list) starts empty in every test, as in a new tab.
  const { afterEach } = await import('vitest');
  afterEach(() => sessionStorage.clear());
}

// The console loads the endpoint table beside its start-up code (src/console/api/contract.ts);
// tests start with it loaded, as the app normally is by its first call.
if (typeof window !== 'undefined') {
  const { loadContract } = await import('../src/console/api/contract');
  await loadContract();
}
