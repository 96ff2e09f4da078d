import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from './http/context';
import type { AppDeps } from './deps';
import { ZodError } from 'zod';
import { zodIssuesToErrors } from '../contract/errors';
import { HttpError, httpErrorForDatabase, validationFailed } from './http/errors';
import { mountCustomerApi } from './customer-api/mount';
import { mountEndpoints } from './endpoints';
import { mountStaticConsole } from './http/staticConsole';
import { allowedOrigin } from './http/cors';
import { securityHeaders } from './http/securityHeaders';
import { join } from 'node:path';
import { serverAreas } from './areas';
import { createLogger, requestIdOf, requestLogging, routePatternOf } from './http/logger';
import { createMetrics, mountMetrics, type OpsSources } from './http/metrics';
import { mountHealth } from './http/health';

/**
 * The Hono app: request ids, access log and request metrics (./http/logger.ts, ./http/metrics.ts), security headers and CORS (./http/securityHeaders.ts, ./http/cors.ts), error mapping, every area's endpoints (./endpoints.ts), then the
 * built console with history routing: any GET that is not an API path answers index.html, so
 * `/login` is the console's page while `POST /login` is the API.
 */
export function createApp(deps: AppDeps, extraRoutes: ((app: Hono<AppEnv>) => void)[] = [], ops: OpsSources = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const logger = ops.logger ?? createLogger({ level: deps.config.logLevel });
  const metrics = createMetrics(deps, ops, logger);

  // Outermost of all: it times the whole answer and sees its final status.
  app.use('*', requestLogging(logger, metrics.observeRequest));

  // Around everything else, so every answer — errors and the console's files included — carries them.
  app.use('*', securityHeaders(deps.config, join(deps.config.staticDir, 'index.html')));
  app.use(
    '*',
    cors({
      origin: (origin, c) => {
        const forwardedProto = deps.config.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
        const protocol = forwardedProto ? `${forwardedProto}:` : new URL(c.req.url).protocol;
        return allowedOrigin(origin, { host: c.req.header('host'), protocol }, deps.config);
      },
      credentials: true,
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key', 'X-Requested-With', 'X-Socket-ID', 'X-Request-Id'],
      exposeHeaders: ['Authorization', 'Retry-After', 'X-Request-Id'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    }),
  );

  app.onError((err, c) => {
    let known = err instanceof HttpError ? err : httpErrorForDatabase(err);
    // A schema a handler applies itself (a request built from a query) failing is still the client's input.
    if (!known && err instanceof ZodError) known = validationFailed(zodIssuesToErrors(err.issues));
    if (known) {
      if (known.status === 503 || !(err instanceof HttpError)) {
        logger.warn(
          { requestId: requestIdOf(c), method: c.req.method, route: routePatternOf(c), status: known.status, err: { message: (err as Error).message } },
          'request failed',
        );
      }
      if (known.headers) for (const [k, v] of Object.entries(known.headers)) c.header(k, v);
      return c.json(known.body(), known.status);
    }
    logger.error({ requestId: requestIdOf(c), method: c.req.method, route: routePatternOf(c), err }, 'unhandled error');
    return c.json({ message: 'Server Error' }, 500);
  });

  // Probes and metrics before the endpoints and the console's history fallback.
  mountHealth(app, deps, ops, logger);
  mountMetrics(app, deps, metrics);
  mountEndpoints(
    app,
    serverAreas.map((area) => area.handlers),
    deps,
  );
  // The customer API (the storefront's side: API v2 and /api/v1/customer), outside the admin endpoint table.
  mountCustomerApi(
    app,
    deps,
    serverAreas.map((area) => area.customerApi),
  );
  // Routes outside the endpoint table (the channel server's HTTP side, the provider simulator)
  // go before the console's history fallback.
  for (const mount of extraRoutes) mount(app);

  app.notFound((c) => c.json({ message: 'Not Found.' }, 404));
  mountStaticConsole(app, deps.config.staticDir, { serveSourceMaps: !!deps.config.serveSourceMaps });

  return app;
}
