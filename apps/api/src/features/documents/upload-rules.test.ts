import { PassThrough } from 'node:stream';
import { allowedDocumentTypeLabels, documentProblemTypes } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as files from '../../../test/document-files';
import {
  documentsOf,
  downloadFile,
  filesInStore,
  multipartBody,
  submitApplication,
  uploadBase64,
  uploadMultipart,
} from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let owner: TestUser;
let where: { applicationId: number; documentId: number };
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'Uploader');
  const applicationId = await submitApplication(ctx, owner);
  const [first] = await documentsOf(ctx, owner, applicationId);
  where = { applicationId, documentId: first!.documentId };
});
afterAll(async () => {
  await ctx.close();
});

const MB = 1024 * 1024;
const LIMIT = 15 * MB;
const uploads = [uploadMultipart, uploadBase64] as const;

/** Runs a refused upload and checks it changed nothing: no file in the store, no file on the row. */
async function refused(upload: () => ReturnType<typeof uploadMultipart>) {
  const before = await filesInStore(ctx);
  const rowBefore = (await documentsOf(ctx, owner, where.applicationId))[0];
  const response = await upload();
  expect(await filesInStore(ctx)).toEqual(before);
  expect((await documentsOf(ctx, owner, where.applicationId))[0]).toEqual(rowBefore);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return response;
}

describe('sizes', () => {
  it('refuses an empty file as empty (it has no type to check), by either call', async () => {
    for (const upload of uploads) {
      const response = await refused(() => upload(ctx, owner, where, 'empty.png', Buffer.alloc(0)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        type: documentProblemTypes.empty,
        detail: expect.stringMatching(/empty/),
      });
    }
  });

  it('refuses a 1-byte file as of no accepted type: no format fits in one byte', async () => {
    for (const [name, bytes] of [
      ['one.pdf', files.pdf().subarray(0, 1)],
      ['one.png', files.png().subarray(0, 1)],
    ] as const) {
      for (const upload of uploads) {
        expect((await refused(() => upload(ctx, owner, where, name, bytes))).statusCode).toBe(415);
      }
    }
  });

  it('round-trips 14.9 MB files byte for byte (PDF and PNG by multipart, PDF by base64)', async () => {
    const size = Math.floor(14.9 * MB);
    for (const [upload, name, bytes] of [
      [uploadMultipart, 'big.pdf', files.pdf(size)],
      [uploadMultipart, 'big.png', files.png(size)],
      [uploadBase64, 'big64.pdf', files.pdf(size)],
    ] as const) {
      expect(bytes.length).toBe(size);
      const response = await upload(ctx, owner, where, name, bytes);
      expect(response.statusCode).toBe(200);
      expect((await downloadFile(ctx, owner, where)).rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('takes a file of exactly the limit', async () => {
    expect((await uploadMultipart(ctx, owner, where, 'limit.pdf', files.pdf(LIMIT))).statusCode).toBe(200);
  });

  it('answers 413 naming the limit for 15.1 MB (PDF and PNG), and for one byte over it, by either call', async () => {
    for (const [name, bytes] of [
      ['huge.pdf', files.pdf(Math.ceil(15.1 * MB))],
      ['huge.png', files.png(Math.ceil(15.1 * MB))],
      ['limit-and-one.pdf', files.pdf(LIMIT + 1)],
    ] as const) {
      for (const upload of uploads) {
        const response = await refused(() => upload(ctx, owner, where, name, bytes));
        expect(response.statusCode).toBe(413);
        expect(response.json()).toMatchObject({
          type: documentProblemTypes.tooLarge,
          detail: 'The file is larger than the 15 MB limit. Please send a smaller file.',
          maxBytes: LIMIT,
        });
      }
    }
    // Six 15 MB bodies, three of them base64: a minute on a busy 2-core machine.
  }, 90_000);
});

describe('types, by content', () => {
  it('accepts PDF, JPEG, PNG, GIF, WEBP, HEIC, DOC, DOCX and ODT, whatever the name says', async () => {
    const cases = [
      ['scan.pdf', files.pdf(), 'application/pdf'],
      ['photo', files.jpeg(), 'image/jpeg'],
      ['id.png', files.png(), 'image/png'],
      ['card.gif', files.gif(), 'image/gif'],
      ['card.webp', files.webp(), 'image/webp'],
      ['IMG_0001.HEIC', files.heic(), 'image/heic'],
      ['agreement.doc', files.doc(), 'application/msword'],
      ['agreement.docx', files.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['agreement.odt', files.odt(), 'application/vnd.oasis.opendocument.text'],
    ] as const;
    for (const [name, bytes, contentType] of cases) {
      const response = await uploadMultipart(ctx, owner, where, name, bytes);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
      expect(response.json().file.contentType).toBe(contentType);
    }
  });

  it('refuses renamed executables and other content with 415 listing the accepted types', async () => {
    for (const [name, bytes] of [
      ['certificate.pdf', files.elf()],
      ['photo.jpg', files.exe()],
      ['agreement.doc', files.msi()],
      ['agreement.docx', files.plainZip()],
      ['notes.pdf', Buffer.from('just some text, not a PDF')],
    ] as const) {
      const response = await refused(() => uploadMultipart(ctx, owner, where, name, bytes));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        type: documentProblemTypes.unsupportedType,
        allowedTypes: allowedDocumentTypeLabels,
        detail:
          "Only PDF, JPEG, PNG, GIF, WEBP, HEIC, DOC, DOCX, or ODT files are accepted; this file's content is none of them.",
      });
    }
  });
});

describe('requests', () => {
  it('answers bad base64 with 400 naming documentStream', async () => {
    for (const text of ['%%% not base64 %%%', 'data:application/pdf;base64,JVBERi0xLjcK']) {
      const response = await refused(() => uploadBase64(ctx, owner, where, 'x.pdf', text));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'documentStream', message: expect.any(String) }]);
    }
  });

  it('answers a multipart call without multipart with 415, and without a file with 400', async () => {
    const url = `/api/Application/${where.applicationId}/documents/${where.documentId}/file`;
    const json = await ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const boundary = 'xyz';
    const noFile = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('leaves no file behind when the row cannot be written', async () => {
    const failure = vi
      .spyOn(ctx.app.repositories.documents, 'attachFile')
      .mockRejectedValueOnce(new Error('the database went away'));
    const response = await refused(() => uploadMultipart(ctx, owner, where, 'lost.pdf', files.pdf()));
    expect(response.statusCode).toBe(500);
    expect(failure).toHaveBeenCalledOnce();
    failure.mockRestore();
  });
});

describe('a decision while the file is on its way', () => {
  it('refuses the file when it arrives (409): nothing kept, the row without a file', async () => {
    const applicationId = await submitApplication(ctx, owner);
    const [document] = await documentsOf(ctx, owner, applicationId);
    const worker = await createUser(ctx, 'Deciding Worker', 'service-worker', ['Story']);
    const before = await filesInStore(ctx);
    const body = multipartBody('late.pdf', files.pdf(64 * 1024));
    const payload = new PassThrough();
    payload.write(body.payload.subarray(0, 1024));
    const upload = ctx.app.inject({
      method: 'POST',
      url: `/api/Application/${applicationId}/documents/${document!.documentId}/file`,
      headers: { ...owner.headers, 'content-type': body.contentType },
      payload,
    });
    // The upload passed its checks and is staging the file: the application is withdrawn now.
    await vi.waitFor(async () => expect((await filesInStore(ctx)).length).toBeGreaterThan(before.length), {
      timeout: 5_000,
    });
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/Staff/applications/${applicationId}/status`,
      headers: worker.headers,
      payload: { action: 'withdraw', version: 1, reason: 'The provider asked to withdraw.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    payload.end(body.payload.subarray(1024));

    const response = await upload;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ type: documentProblemTypes.closed });
    expect(await filesInStore(ctx)).toEqual(before);
    expect(
      (await documentsOf(ctx, owner, applicationId)).find((one) => one.documentId === document!.documentId),
    ).toMatchObject({ isUploaded: false, file: null });
  });
});
