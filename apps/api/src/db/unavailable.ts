/** Socket errors of a connection to the database server that went away or cannot be made. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutdown, cannot connect now). */
const SQLSTATE = /^(08...|57P0[123])$/;
/** What node-postgres says when a connection breaks off or cannot be had in time. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;

/**
 * Whether `matches` holds for the error or, for an AggregateError (Node reports a refused
 * connection to every address of a host name as one), for any of the errors it gathers.
 */
function anyError(error: unknown, matches: (fields: { code?: unknown; message?: unknown }) => boolean): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (matches(error)) return true;
  const { errors } = error as { errors?: unknown };
  return Array.isArray(errors) && errors.some((inner) => anyError(inner, matches));
}

/**
 * Whether an error means "the database cannot be reached right now" (answered 503, try again)
 * rather than a fault in the request or the code.
 */
export const isDatabaseUnavailable = (error: unknown): boolean =>
  anyError(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) ||
      (typeof message === 'string' && PG_MESSAGES.test(message)),
  );

/**
 * SQLSTATEs of a statement PostgreSQL aborted because of other work going on, not because of
 * anything wrong with the request: 40001 serialization_failure, 40P01 deadlock_detected (the
 * server picked this transaction to break a cycle of row locks), 55P03 lock_not_available (a
 * `lock_timeout`) and 57014 query_canceled (a `statement_timeout`, or pg_cancel_backend). The
 * portal sets no timeouts itself; an operator may, on the role or the database. The transaction
 * was rolled back, and the same request will very likely succeed a moment later.
 */
const BUSY_SQLSTATES = new Set(['40001', '40P01', '55P03', '57014']);

/**
 * Whether an error means "the database is busy: it gave up on this statement, try again"
 * (answered 503 with Retry-After) rather than a fault in the request or the code.
 */
export const isDatabaseBusy = (error: unknown): boolean =>
  anyError(error, ({ code }) => typeof code === 'string' && BUSY_SQLSTATES.has(code));

/** The filesystem (or the device under the blob store) has no room left. */
export const isOutOfSpace = (error: unknown) =>
  typeof error === 'object' && error !== null && ['ENOSPC', 'EDQUOT'].includes((error as { code?: string }).code ?? '');
