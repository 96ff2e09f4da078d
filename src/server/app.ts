import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppDeps, AppEnv } from './http/context';
import { HttpError } from './http/errors';
import { mountEndpoints } from './http/handlers';
import { mountStaticConsole } from './http/staticConsole';
import { serverAreas } from './areas';

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

  mountEndpoints(app, serverAreas.map((area) => area.handlers), deps);
  // Routes outside the endpoint table (the channel server's HTTP side, the provider simulator)
  // go before the console's history fallback.
  for (const mount of extraRoutes) mount(app);

  app.notFound((c) => c.json({ message: 'Not Found.' }, 404));
  mountStaticConsole(app, deps.config.staticDir);

  return app;
}
