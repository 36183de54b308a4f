import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Where the browser is told to send whatever is not loopback (Chromium reaches loopback
 * directly, never through a proxy): a server on loopback that refuses every such request with
 * 403 and writes down where it was going. So nothing leaves this machine, whoever asks: a page,
 * a service worker, or the browser itself (Debian's Chromium asks Google's update, accounts
 * and autofill services, whatever the flags say).
 *
 * It replaces an interception of every page's requests (`page.route`), which made each
 * navigation about half as long again and turned off the browser's cache (ADR 005).
 */
/** The hosts Chromium reaches directly, never through the guard: the fixture and the guard's test read it. */
export const LOOPBACK_HOST = String.raw`(localhost|127\.0\.0\.1|\[::1\])`;

export interface OutsideGuard {
  /** The `--proxy-server` argument for Chromium. */
  proxyArgument: string;
  /** Every refused request's target, in order: an absolute URL, or `host:port` of a tunnel. */
  refused: string[];
  close(): Promise<void>;
}

export async function startOutsideGuard(): Promise<OutsideGuard> {
  const refused: string[] = [];
  const server = http.createServer((request, response) => {
    refused.push(request.url ?? '');
    response.writeHead(403, { connection: 'close' }).end();
  });
  // https: and wss: ask for a tunnel first; it is never opened.
  server.on('connect', (request: http.IncomingMessage, socket: Duplex) => {
    refused.push(request.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Not Playwright's `proxy` option: it also sends loopback through the proxy (`<-loopback>`).
    proxyArgument: `--proxy-server=http://127.0.0.1:${port}`,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
