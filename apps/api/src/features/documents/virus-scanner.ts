import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import type { ClamdTarget } from '../../env';

export type ScanVerdict = { infected: false } | { infected: true; signature: string };

export interface VirusScanner {
  scan(filePath: string): Promise<ScanVerdict>;
}

/** The scanner could not give a verdict: uploads wait rather than pass unscanned. */
export class ScannerUnavailableError extends Error {
  override name = 'ScannerUnavailableError';
}

const CHUNK_BYTES = 64 * 1024;

/** Collects clamd's one-line answer; it ends with NUL (z-commands) and clamd closes. */
function answerOf(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const settle = (error?: Error) => {
      const text = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/\0[\s\S]*$/, '')
        .trim();
      // clamd may close mid-stream after answering (a size limit): its answer still counts.
      if (text) resolve(text);
      else reject(new ScannerUnavailableError(`clamd gave no answer${error ? `: ${error.message}` : ''}`));
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunk.includes(0)) settle();
    });
    socket.once('end', () => settle());
    socket.once('close', () => settle());
    socket.on('error', (error) => settle(error));
  });
}

function verdictOf(answer: string): ScanVerdict {
  if (/^stream: OK$/.test(answer)) return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found?.[1]) return { infected: true, signature: found[1] };
  throw new ScannerUnavailableError(`clamd answered: ${answer.slice(0, 200)}`);
}

/**
 * A ClamAV daemon reached over TCP or a Unix socket, fed with its INSTREAM protocol: the file
 * in length-prefixed chunks, then a zero length. The file never needs to be on clamd's host.
 * clamd's StreamMaxLength (25 MB by default) must exceed UPLOAD_MAX_BYTES.
 */
export function createClamdScanner(target: ClamdTarget, options: { timeoutMs?: number } = {}): VirusScanner {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async scan(filePath) {
      const socket = 'socketPath' in target ? net.connect(target.socketPath) : net.connect(target.port, target.host);
      socket.setTimeout(timeoutMs, () =>
        socket.destroy(new ScannerUnavailableError(`clamd did not answer within ${timeoutMs} ms`)),
      );
      const answer = answerOf(socket);
      // Awaited below; marked handled so an early failure while sending is not reported twice.
      answer.catch(() => undefined);
      try {
        await Promise.race([once(socket, 'connect'), answer]);
        socket.write('zINSTREAM\0');
        for await (const chunk of createReadStream(filePath, { highWaterMark: CHUNK_BYTES })) {
          if (socket.destroyed || socket.writableEnded) break;
          const frame = Buffer.allocUnsafe(4 + (chunk as Buffer).length);
          frame.writeUInt32BE((chunk as Buffer).length, 0);
          (chunk as Buffer).copy(frame, 4);
          if (!socket.write(frame)) await Promise.race([once(socket, 'drain'), answer]);
        }
        if (!socket.destroyed && !socket.writableEnded) socket.end(Buffer.alloc(4));
        return verdictOf(await answer);
      } catch (error) {
        if (error instanceof ScannerUnavailableError) throw error;
        throw new ScannerUnavailableError(`clamd could not be reached: ${(error as Error).message}`);
      } finally {
        socket.destroy();
      }
    },
  };
}
