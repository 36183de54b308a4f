// The one module of oidc-provider's own that the portal imports past its public API (ADR 052):
// the AsyncLocalStorage holding the request the provider is serving.
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';

  const storage: AsyncLocalStorage<unknown>;
  export default storage;
}
