import type { AsyncLocalStorage } from 'node:async_hooks';
// oidc-provider keeps the request it is serving in this AsyncLocalStorage of its own; the
// package has no `exports` map, and `provider-context.test.ts` fails if the module moves.
import providerStorage from 'oidc-provider/lib/helpers/als.js';

type Storage = Pick<AsyncLocalStorage<unknown>, 'disable'>;

/**
 * The provider's request handler, with its AsyncLocalStorage switched off whenever none of its
 * requests is in flight (ADR 052). On Node 20 and 22 an AsyncLocalStorage, once used, keeps
 * V8's promise hooks on for the whole process: from the first sign-in, every API call paid for
 * every promise it made (about 15 µs of a 78 µs dashboard call on a 2-CPU machine). `run`, at
 * the provider's next request, turns it back on; on Node 24 the storage is an AsyncContextFrame
 * and this costs nothing. The count falls when the provider's handling has settled, its answer
 * written, not when the socket closes: a request whose client went away keeps its context until
 * its work is done.
 */
export function offWhenIdle<Args extends unknown[]>(
  handle: (...args: Args) => Promise<unknown>,
  storage: Storage = providerStorage,
) {
  let inFlight = 0;
  const settled = () => {
    inFlight -= 1;
    if (inFlight === 0) storage.disable();
  };
  return (...args: Args): Promise<unknown> => {
    inFlight += 1;
    try {
      return handle(...args).finally(settled);
    } catch (error) {
      // Thrown before it made a promise: counted out at once, and thrown on to the caller as
      // the handler alone would have.
      settled();
      throw error;
    }
  };
}
