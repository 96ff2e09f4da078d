import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppDeps, AppEnv } from './http/context';
import { HttpError } from './http/errors';
import { mountEndpoints } from './http/handlers';
import { areaHandlers } from './areas';

/** Paths that belong to the API (or the channel server), never to the console's history routing. */
const API_PREFIXES = ['/api/', '/broadcasting/', '/apps/', '/app/', '/provider-sim/'];

/**
 * The Hono app: CORS, error mapping, every area's endpoints (src/server/http/handlers.ts), then the
 * built console with history routing: any GET that is not an API path answers index.html, so
 * `/login` is the console's page while `POST /login` is the API.
 */
export function createApp(deps: AppDeps, extraRoutes: ((app: Hono<AppEnv>) => void)[] = []): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    cors({
      origin: (origin) => origin ?? '*',
      credentials: true,
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key', 'X-Requested-With', 'X-Socket-ID'],
      exposeHeaders: ['Authorization', 'Retry-After'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    }),
  );

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(err.body(), err.status);
    }
    console.error('[server] unhandled error on', c.req.method, c.req.path, err);
    return c.json({ message: 'Server Error' }, 500);
  });

  mountEndpoints(app, areaHandlers, deps);
  // Routes outside the endpoint table (the channel server's HTTP side, the provider simulator)
  // go before the console's history fallback.
  for (const mount of extraRoutes) mount(app);

  const staticDir = deps.config.staticDir;
  const indexFile = join(staticDir, 'index.html');
  const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p));

  app.notFound((c) => c.json({ message: 'Not Found.' }, 404));

  if (existsSync(indexFile)) {
    const root = relative(process.cwd(), staticDir) || '.';
    app.use('*', async (c, next) => {
      if (c.req.method !== 'GET' || isApiPath(c.req.path)) return next();
      // The service worker and its manifest must never be served stale by a cache in between.
      if (c.req.path === '/sw.js' || c.req.path.endsWith('.webmanifest')) c.header('Cache-Control', 'no-cache');
      else if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
      return serveStatic({ root })(c, next);
    });
    app.get('*', (c) => {
      if (isApiPath(c.req.path)) return c.json({ message: 'Not Found.' }, 404);
      c.header('Cache-Control', 'no-cache');
      return c.html(readFileSync(indexFile, 'utf8'));
    });
  }

  return app;
}
