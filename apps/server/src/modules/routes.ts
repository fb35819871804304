import type { RoutePlugin } from '../http/types';
import { authRoutes } from './auth/routes';

/** Every module's routes, registered by buildApp in this order. */
export const moduleRoutes: RoutePlugin[] = [authRoutes];
