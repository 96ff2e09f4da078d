import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type { ScreenEntry } from '../src/console/resource/area';

/**
 * The console's screen table, as the app assembles it (src/console/app/screens.ts: the core rows
 * and every area's `defineArea` rows). It is loaded through Vite's module loader: the areas are
 * found with import.meta.glob and their declarations import styles, which only Vite understands.
 */
async function loadScreens(): Promise<readonly ScreenEntry[]> {
  const server = await createServer({
    root: fileURLToPath(new URL('..', import.meta.url)),
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/console/app/screens.ts')) as typeof import('../src/console/app/screens');
    return module.SCREENS;
  } finally {
    await server.close();
  }
}

export const SCREENS = await loadScreens();
