import type { RequiredDocument, Rfi } from '@ccap/contracts';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { docx, elf, gif, jpeg, pdf, png } from '../document-files';
import { documentsOf, filesInStore, multipartBody, submitApplication } from '../documents-fixture';
import { createTestApp } from '../helpers';
import { createUser } from '../identity';
import { createRfi, downloadRfiFile, respondRfi, rfisOf } from '../rfi-fixture';
import { nastyString } from './arbitraries';

/**
 * Hostile files through the front door: generated file names (any script, path tricks, control
 * characters, no extension or a lying one) on real and fake file contents, through the
 * multipart upload and an RFI answer. An accepted file downloads byte for byte as sent, under
 * a header a browser can read; a refused one is a clean 4xx and leaves nothing in the store;
 * nothing answers 5xx.
 */

// Raise for a longer hunt: DOCUMENTS_FUZZ_RUNS=500 npx vitest run --project api-pglite documents-fuzz
// eslint-disable-next-line no-restricted-properties -- a test knob, not product configuration
const RUNS = Number(process.env.DOCUMENTS_FUZZ_RUNS ?? 40);
const TIMEOUT = Math.max(30_000, RUNS * 150);

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});
const owner = await createUser(ctx, 'Documents Fuzz Owner');
const worker = await createUser(ctx, 'Documents Fuzz Worker', 'service-worker', ['Story']);
const applicationId = await submitApplication(ctx, owner);
const documents = await documentsOf(ctx, owner, applicationId);

const fileName = fc.oneof(
  fc
    .tuple(
      fc.oneof(nastyString, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 })),
      fc.constantFrom('.pdf', '.PDF', '.png', '.jpg', '.jpeg', '.gif', '.docx', '.exe', '.html', '.pdf.exe', ''),
    )
    .map(([stem, extension]) => stem + extension),
  fc.constantFrom(
    'report.pdf',
    '../../etc/passwd.pdf',
    'C:\\fakepath\\scan.pdf',
    'con.pdf',
    '.pdf',
    ' .pdf',
    'a\u0000b.pdf',
    'evil\r\nContent-Type: text/html.pdf',
    '\u202Efdp.exe',
    'تقرير.pdf',
    '履歴書.pdf',
    `${'x'.repeat(400)}.pdf`,
  ),
);

const contents = fc.oneof(
  fc.constantFrom(pdf(), png(), jpeg(), gif(), docx(), elf(), Buffer.alloc(0)),
  fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.concat([pdf(), Buffer.from('<html><script>alert(1)</script></html>')])),
);

const partType = fc.constantFrom('application/pdf', 'image/png', 'text/html', 'application/octet-stream', '');

let runs = 0;
let storedUploads = 0;
let answeredWithFile = 0;
/** Each run comes from an address of its own: uploads are rate limited per client. */
const nextAddress = () => {
  runs += 1;
  return `10.${(runs >> 8) & 255}.${runs & 255}.2`;
};

/**
 * A `Content-Disposition` a browser can parse (RFC 6266): an attachment, its name as a quoted
 * string of printable ASCII (a quote or backslash escaped) or a bare token, and, if it differs,
 * RFC 8187-encoded.
 */
const ATTACHMENT =
  /^attachment(; filename=("([\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"|[\w!#$%&'*+.^`|~-]+))?(; filename\*=UTF-8''[\w!#$&+.^`|~%-]*)?$/;

describe('hostile files', () => {
  it(
    'an upload is stored and downloads byte for byte, or is refused cleanly and stores nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...documents),
          fileName,
          contents,
          partType,
          async (document: RequiredDocument, name, bytes, type) => {
            const remoteAddress = nextAddress();
            const target = `/api/Application/${applicationId}/documents/${document.documentId}/file`;
            const body = multipartBody(name, bytes, type || undefined);
            const before = await filesInStore(ctx);
            const upload = await ctx.app.inject({
              method: 'POST',
              url: target,
              headers: { ...owner.headers, 'content-type': body.contentType },
              payload: body.payload,
              remoteAddress,
            });
            const context = `upload ${JSON.stringify(name)} (${bytes.length} bytes, ${type}) → ${upload.statusCode} ${upload.body.slice(0, 300)}`;
            expect(upload.statusCode, context).toBeLessThan(500);
            if (upload.statusCode >= 400) {
              expect(String(upload.headers['content-type']), context).toMatch(/problem\+json/);
              // Nothing new (a file an earlier upload replaced may be gone by now).
              const left = (await filesInStore(ctx)).filter((file) => !before.includes(file));
              expect(left, `${context}: a refused file leaves nothing`).toEqual([]);
              return;
            }
            storedUploads += 1;
            const download = await ctx.app.inject({
              method: 'GET',
              url: target,
              headers: owner.headers,
              remoteAddress,
            });
            expect(download.statusCode, context).toBe(200);
            expect(download.rawPayload.equals(bytes), `${context}: downloads as sent`).toBe(true);
            expect(String(download.headers['content-disposition']), context).toMatch(ATTACHMENT);
            expect(download.headers['x-content-type-options'], context).toBe('nosniff');
            const review = await ctx.app.inject({
              method: 'GET',
              url: `/api/Staff/applications/${applicationId}`,
              headers: worker.headers,
              remoteAddress,
            });
            expect(review.statusCode, context).toBe(200);
          },
        ),
        // Run first, whatever the seed: a plain PDF with a name in Arabic script is stored.
        { numRuns: RUNS, endOnFailure: true, examples: [[documents[0]!, 'تقرير.pdf', pdf(), 'application/pdf']] },
      );
      expect(storedUploads, 'uploads that were stored').toBeGreaterThan(0);
      // One file per document whatever was replaced or refused: nothing left behind.
      const stored = (await documentsOf(ctx, owner, applicationId)).filter((one) => one.file).length;
      expect((await filesInStore(ctx)).filter((file) => !file.includes('staging'))).toHaveLength(stored);
    },
    TIMEOUT,
  );

  it(
    'an RFI answered with a hostile file and comment reads back as sent, or is refused cleanly',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(nastyString, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 })),
          fc.option(fc.tuple(fileName, contents), { freq: 4 }),
          async (comment, file) => {
            const remoteAddress = nextAddress();
            const created = await createRfi(ctx, worker, { applicationId, serviceWorkerComment: comment });
            expect(created.statusCode, `create ${JSON.stringify(comment)} → ${created.body}`).toBeLessThan(500);
            const asked =
              created.statusCode === 201
                ? created.json<{ rfiId: number }>().rfiId
                : (
                    await createRfi(ctx, worker, { applicationId, serviceWorkerComment: 'Please send the lease.' })
                  ).json<{
                    rfiId: number;
                  }>().rfiId;
            const document = file && { documentName: file[0], documentStream: file[1].toString('base64') };
            const answer = await ctx.app.inject({
              method: 'POST',
              url: '/api/rfi/RespondRfi',
              headers: owner.headers,
              payload: { rfiId: asked, applicantComment: comment, ...(document ? { document } : {}) },
              remoteAddress,
            });
            const context = `respond ${JSON.stringify(comment)} with ${JSON.stringify(file?.[0])} (${file?.[1].length ?? 0} bytes) → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
            expect(answer.statusCode, context).toBeLessThan(500);
            if (answer.statusCode >= 400) {
              expect(String(answer.headers['content-type']), context).toMatch(/problem\+json/);
              // Leave no RFI pending for the next run to trip over.
              await respondRfi(ctx, owner, { rfiId: asked, applicantComment: 'Sent by post.' });
              return;
            }
            const rfi = (await rfisOf(ctx, owner, applicationId)).find((one: Rfi) => one.rfiId === asked);
            expect(rfi?.applicantComment, context).toBe(comment.trim() || null);
            if (file) {
              answeredWithFile += 1;
              const [sent] = rfi?.documents ?? [];
              expect(sent, context).toBeDefined();
              const download = await downloadRfiFile(ctx, worker, sent!.rfiDocumentId);
              expect(download.statusCode, context).toBe(200);
              expect(download.rawPayload.equals(file[1]), `${context}: downloads as sent`).toBe(true);
              expect(String(download.headers['content-disposition']), context).toMatch(ATTACHMENT);
            }
          },
        ),
        // Run first, whatever the seed: an answer with a PDF named in Japanese is kept.
        { numRuns: RUNS, endOnFailure: true, examples: [['Here it is.', ['履歴書.pdf', pdf()]]] },
      );
      expect(answeredWithFile, 'answers whose file was kept').toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
