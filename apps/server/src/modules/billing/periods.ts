/** Billing periods are calendar months in UTC. */
export const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
export const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
/** `YYYY-MM`, the usage counter key. */
export const monthKey = (d: Date) => d.toISOString().slice(0, 7);
/** `YYYY-MM-DD`. */
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const fromIsoDate = (s: string) => new Date(`${s}T00:00:00.000Z`);
