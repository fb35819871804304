// The complete Drizzle schema: one file per domain, re-exported here for drizzle-kit and the client.
export * from './identity';
export * from './chat';
export * from './tickets';
export * from './knowledge';
export * from './domains';
export * from './mail';
export * from './mesh';
export * from './providers';
export * from './billing';
