import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/** The mock API every web test runs against; a test overrides handlers with server.use(). */
export const server = setupServer(...defaultHandlers);
