import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made when the request first writes a line. Most requests write none (a
 * quick read is below the level), and the pino child Fastify makes for every request costs an
 * object and its serialized bindings each time. A line written carries the same `reqId` as
 * Fastify's own child would.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
  ) {}

  private log(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  private write(level: Level, args: LogArgs): void {
    if (this.#child || this.parent.isLevelEnabled(level)) (this.log()[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log().level = level;
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log().child(bindings, options);
  }
}

/**
 * Fastify's child logger factory: the lazy logger above, or pino's own child when the route sets
 * options of its own (a level or serializers).
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
  if (options.level !== undefined || options.serializers !== undefined || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new RequestLogger(parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }, bindings);
}
