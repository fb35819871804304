import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbClient } from './db/client';
import { systemClock, type Clock } from './clock';
import { createKeyring, type Keyring } from './crypto/secrets';
import { createEventBus, type EventBus } from './events/bus';
import { createCacheHub } from './cache/shared-cache';
import type { AppContext } from './context';
import { registerBearerGate } from './http/auth';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler';
import type { App } from './http/types';
import { healthRoutes, type HealthProbes } from './modules/health/routes';
import { moduleRoutes } from './modules/routes';
import { registerUsageMetering } from './modules/billing/metering';

export interface AppDeps {
  config: Config;
  db: DbClient;
  /** The key sealing secrets at rest; tests pass a fixed one. */
  secretKey: string;
  clock?: Clock;
  fetch?: typeof fetch;
  events?: EventBus;
  probes?: HealthProbes;
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT = 1024 * 1024;

function loggerFor(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  if (config.NODE_ENV === 'production') return { level: config.LOG_LEVEL };
  return { level: config.LOG_LEVEL, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } };
}

/** Builds the Fastify app with every module; used by main.ts and by the tests. */
export async function buildApp(deps: AppDeps): Promise<{ app: App; ctx: AppContext }> {
  const { config } = deps;
  const fastify = Fastify({
    logger: deps.logger ?? loggerFor(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.NODE_ENV === 'production',
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  const app = fastify.withTypeProvider<ZodTypeProvider>() as unknown as App;

  const keyring: Keyring = createKeyring(deps.secretKey);
  const events = deps.events ?? createEventBus(deps.db);
  await events.start();
  const clock = deps.clock ?? systemClock;
  const cache = createCacheHub(deps.db, clock);
  await cache.start();
  const ctx: AppContext = {
    config,
    dbClient: deps.db,
    db: deps.db.db,
    clock,
    keyring,
    events,
    cache,
    log: app.log,
    fetch: deps.fetch ?? globalThis.fetch,
  };

  registerErrorHandler(app);
  registerBearerGate(app);
  registerUsageMetering(app, ctx);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Brand console API', version: '1.0.0', description: 'Multi-brand AI chat and support/operations console' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          brandApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(async (scope) => healthRoutes(deps.probes ?? { smtp: () => config.SMTP_PORT === 0 })(scope as App, ctx));
  for (const routes of moduleRoutes) {
    await app.register(async (scope) => routes(scope as App, ctx));
  }

  const dist = webDist(config);
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: ['index.html'],
      // Vite's hashed bundles never change; index.html must always be revalidated.
      setHeaders(reply, path) {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerNotFoundHandler(app, { spaFallback: !!dist });
  app.addHook('onClose', async () => {
    await cache.stop();
    await events.stop();
  });
  return { app, ctx };
}

/** The built web app's folder, when it has been built (`npm run build`). */
function webDist(config: Config): string | undefined {
  const dist = config.WEB_DIST ? resolve(config.WEB_DIST) : fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(join(dist, 'index.html')) ? dist : undefined;
}
