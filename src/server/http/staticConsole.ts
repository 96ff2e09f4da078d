import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppEnv } from './context';

/** Paths that belong to the API (or the channel server), never to the console's history routing. */
const API_PREFIXES = ['/api/', '/broadcasting/', '/apps/', '/app/', '/provider-sim/'];

const isApiPath = (path: string): boolean => API_PREFIXES.some((p) => path.startsWith(p));

const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT_CACHE = 'public, max-age=86400';

/**
 * How long a browser (or a cache in between) may keep a file of the build:
 * - the service worker, the web manifest, index.html and any register script are revalidated on
 *   every request, so a new version is found at once (a stale sw.js would pin the old console);
 * - Vite's content-hashed assets and Workbox's hashed runtime never change under their name;
 * - everything else in public/ (icons, favicon) may be kept for a day.
 */
function cacheControlFor(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (path === '/' || name === 'index.html' || name === 'sw.js' || name === 'registerSW.js' || name.endsWith('.webmanifest')) return REVALIDATE;
  if (path.startsWith('/assets/') || /^workbox-[0-9a-f]{6,}\.js(?:\.map)?$/.test(name)) return LONG_CACHE;
  return SHORT_CACHE;
}

/** A request for a file (its last segment has an extension): when missing it is a 404, never the page. */
const looksLikeFile = (path: string): boolean => path.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]+$/i.test(path);

/**
 * Serves the built console from `staticDir` with history routing: files of the build with their
 * content types and cache policy, and index.html for any other GET that is not an API path, so
 * `/login` and `/orders/42` are the console's pages while `POST /login` is the API. Mount it after
 * every API route. Without a build (no index.html) nothing is mounted. The build's source maps
 * answer 404 unless `serveSourceMaps` (SOURCE_MAPS=on).
 */
export function mountStaticConsole(app: Hono<AppEnv>, staticDir: string, options: { serveSourceMaps?: boolean } = {}): void {
  const indexFile = join(staticDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const root = relative(process.cwd(), staticDir) || '.';
  const files = serveStatic<AppEnv>({ root });

  const notFound = (c: Context<AppEnv>) => c.json({ message: 'Not Found.' }, 404);

  app.use('*', async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(c.req.path)) return next();
    // Source maps publish the console's source; they are served only when SOURCE_MAPS=on.
    if (!options.serveSourceMaps && c.req.path.endsWith('.map')) {
      c.header('Cache-Control', 'no-store');
      return notFound(c);
    }
    c.header('Cache-Control', cacheControlFor(c.req.path));
    return files(c, next);
  });
  app.get('*', (c) => {
    if (isApiPath(c.req.path) || looksLikeFile(c.req.path)) {
      c.header('Cache-Control', 'no-store');
      return notFound(c);
    }
    c.header('Cache-Control', REVALIDATE);
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
