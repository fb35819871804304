import type { RoutePlugin } from '../http/types';
import { authRoutes } from './auth/routes';
import { domainRoutes } from './domains/routes';
import { brandSettingsRoutes } from './brands/routes';
import { knowledgeRoutes } from './knowledge/routes';
import { ticketRoutes } from './tickets/routes';
import { userRoutes } from './users/routes';
import { chatRoutes } from './chat/routes';
import { conversationRoutes } from './conversations/routes';
import { mailRoutes } from './mail/routes';
import { eventRoutes } from './events/routes';
import { providerRoutes } from './providers/routes';
import { billingRoutes } from './billing/routes';
import { meshRoutes } from './mesh/routes';
import { marketplaceRoutes } from './marketplace/routes';

/** Every module's routes, registered by buildApp in this order. */
export const moduleRoutes: RoutePlugin[] = [authRoutes, conversationRoutes, chatRoutes, ticketRoutes, knowledgeRoutes, userRoutes, brandSettingsRoutes, domainRoutes, mailRoutes, eventRoutes, providerRoutes, billingRoutes, meshRoutes, marketplaceRoutes];
