// The complete Drizzle schema: one file per domain, re-exported here for drizzle-kit and the client.
export * from './identity';
