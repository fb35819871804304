import { HealthSchema } from '@console/contract/auth';
import type { RoutePlugin } from '../../http/types';

/** Reports whether the SMTP listener is up; set by main.ts once it listens. */
export interface HealthProbes {
  smtp(): boolean;
}

export const healthRoutes = (probes: HealthProbes): RoutePlugin => async (app, ctx) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Service health (no authentication)', response: { 200: HealthSchema } } },
    async () => {
      const database = await ctx.dbClient.ping();
      const smtp = probes.smtp();
      return { status: database && smtp ? ('ok' as const) : ('degraded' as const), database, smtp };
    },
  );
};
