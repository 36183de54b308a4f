import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `?B?`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Enough of a single-part text mail as nodemailer writes it: headers and the decoded body. */
export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return {
    subject: decodeWords(header('Subject')),
    messageId: header('Message-ID'),
    text: text.replace(/\r\n/g, '\n'),
  };
}

/**
 * A real SMTP server on loopback for tests (the `smtp-server` package). `holdReply` keeps the
 * answer to DATA back for the mails it picks: they count as delivered only if the client is
 * still connected when `release()` is called, as a real server only takes responsibility for a
 * message once its 250 reply is out.
 */
export async function startSmtpTestServer(options: { holdReply?: (mail: ReceivedMail) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const closed = new Set<string>();
  const held: { mail: ReceivedMail; sessionId: string; answer: (error?: Error) => void }[] = [];
  const heldListeners: ((mail: ReceivedMail) => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        if (options.holdReply?.(mail)) {
          held.push({ mail, sessionId: session.id, answer: callback });
          for (const listener of heldListeners) listener(mail);
          return;
        }
        received.push(mail);
        callback();
      });
    },
  });
  // A client that dies mid-session (the fault tests SIGKILL mail workers) resets its socket:
  // smtp-server reports that as an 'error' event, which would end the test process unheard.
  // The tests judge delivery by what arrived (`received`), so the error itself is not kept.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves when a mail is held (its DATA fully received, no reply yet). */
    nextHeld: () => new Promise<ReceivedMail>((resolve) => heldListeners.push(resolve)),
    /** Answers the held mails: delivered if their client is still there, else dropped. */
    release() {
      for (const entry of held.splice(0)) {
        if (closed.has(entry.sessionId)) continue;
        received.push(entry.mail);
        entry.answer();
      }
    },
    /** Whether the held mail's client went away without waiting for the answer. */
    heldClientGone: () => held.every((entry) => closed.has(entry.sessionId)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
