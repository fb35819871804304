/** The agent's log: one line per event on stderr, with a timestamp. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(name: string): Logger {
  const line = (level: string, message: string) => process.stderr.write(`${new Date().toISOString()} ${level} [${name}] ${message}\n`);
  return {
    info: (m) => line('INFO', m),
    warn: (m) => line('WARN', m),
    error: (m) => line('ERROR', m),
  };
}
