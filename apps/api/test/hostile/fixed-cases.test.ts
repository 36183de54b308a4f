import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../application-fixture';
import { documentsOf, downloadFile, filesInStore, submitApplication, uploadMultipart } from '../documents-fixture';
import { pdf } from '../document-files';
import { createTestApp, rawExchange, type TestContext } from '../helpers';
import { createUser, type TestUser } from '../identity';
import { createRfi, respondRfi, rfiDocument, rfisOf } from '../rfi-fixture';

/**
 * Known attacks, each written out: SQL injection in the text fields that reach SQL, markup in
 * names that staff read, nesting bombs, huge numbers, Unicode tricks, file-name tricks,
 * polyglot files and oversize headers. Each answer is a clean 4xx or the text stored as text.
 */

const SQL = ["'; drop table applications; --", "x' OR '1'='1", '"; select pg_sleep(5); --', "%' union select 1 --"];
const XSS = '<img src=x onerror=alert(1)>';

let ctx: TestContext;
let owner: TestUser;
let worker: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'Hostile Owner');
  worker = await createUser(ctx, 'Hostile Worker', 'service-worker', ['Story']);
});
afterAll(async () => {
  await ctx.close();
});

const saveDraft = (applicationJson: string, user = owner) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/Application/save-my-draft-applications',
    headers: user.headers,
    payload: { applicationJson },
  });

const problemOf = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  return JSON.parse(response.body) as { detail: string; errors?: { path: string }[] };
};

describe('SQL injection in text fields', () => {
  it.each(SQL)('a draft keeps %j as text', async (text) => {
    const draft = completeApplication();
    draft.providerInfo!.businessName = text;
    draft.providerInfo!.lastName = text;
    const saved = await saveDraft(JSON.stringify(draft));
    expect(saved.statusCode).toBe(200);
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/Application/get-my-draft-applications',
      headers: owner.headers,
    });
    expect(read.body).toContain(JSON.stringify(text).slice(1, -1).replaceAll('"', '\\"'));
  });

  it.each(SQL)('the provider search treats %j as a name, finds nothing and fails nothing', async (text) => {
    for (const field of ['providerBusinessName', 'firstName', 'lastName', 'city', 'nearThisAddress']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/Providers', payload: { [field]: text } });
      expect(response.statusCode, `${field}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode === 200) expect(response.json<{ value: unknown[] }>().value).toEqual([]);
    }
  });

  it('an RFI comment, a staff queue search and an audit search keep injection text as text', async () => {
    const applicationId = await submitApplication(ctx, owner);
    const created = await createRfi(ctx, worker, { applicationId, serviceWorkerComment: SQL[0] });
    expect(created.statusCode).toBe(201);
    const rfiId = created.json<{ rfiId: number }>().rfiId;
    const answered = await respondRfi(ctx, owner, {
      rfiId,
      applicantComment: SQL[1],
      document: rfiDocument("'; drop table rfi_documents; --.pdf", pdf()),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const [rfi] = await rfisOf(ctx, owner, applicationId);
    expect(rfi).toMatchObject({ serviceWorkerComment: SQL[0], applicantComment: SQL[1] });
    for (const text of SQL) {
      const queue = await ctx.app.inject({
        method: 'GET',
        url: `/api/Staff/applications?search=${encodeURIComponent(text)}`,
        headers: worker.headers,
      });
      expect(queue.statusCode, queue.body).toBe(200);
    }
    // Every table is still there and still answers.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/Staff/applications', headers: worker.headers });
    expect(list.json<{ total: number }>().total).toBeGreaterThan(0);
  });
});

describe('stored markup in names staff read', () => {
  it('comes back exactly as typed, as JSON text, never as HTML', async () => {
    const draft = completeApplication();
    draft.providerInfo!.firstName = XSS;
    draft.providerInfo!.businessName = `${XSS}<script>alert(2)</script>`;
    const applicationId = await submitApplication(ctx, owner, draft);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/Staff/applications/${applicationId}`,
      headers: worker.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-type']).toMatch(/^application\/json/);
    expect(detail.body).toContain(XSS);
    expect(detail.body).not.toContain('&lt;img');
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/Staff/applications', headers: worker.headers });
    expect(queue.headers['content-type']).toMatch(/^application\/json/);
    expect(queue.body).toContain('onerror=alert(1)');
  });
});

describe('malformed structure', () => {
  it('answers a JSON nesting bomb with 400 at once', async () => {
    const depth = 100_000;
    const started = performance.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Application/save-my-draft-applications',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: `{"applicationJson":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    problemOf(response);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('answers a nesting bomb inside the application JSON text with 400 naming it', async () => {
    const depth = 50_000;
    const nested = `{"providerType":"registeredprovider","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const problem = problemOf(await saveDraft(nested));
    expect(problem.errors?.[0]?.path).toMatch(/^applicationJson/);
  });

  it.each(['1e400', '-1e400', '123456789012345678901234567890', '1e-400', '9007199254740993'])(
    'answers capacity %s with 400, or stores it unchanged',
    async (number) => {
      const text = JSON.stringify(completeApplication()).replace('"capacity":8', `"capacity":${number}`);
      const response = await saveDraft(text);
      if (response.statusCode === 200) expect(response.json<{ applicationJson: string }>().applicationJson).toBe(text);
      else problemOf(response);
    },
  );

  it('answers huge numbers in ids and page sizes with 400, not 500', async () => {
    for (const url of [
      '/api/Application/1e400/documents',
      '/api/Application/99999999999999999999/documents',
      '/api/Staff/applications?page=1e400&pageSize=99999999999999999999',
      '/api/Staff/applications/-0',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: worker.headers });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const rfi = await createRfi(ctx, worker, { applicationId: 2 ** 53, serviceWorkerComment: 'x' });
    problemOf(rfi);
  });
});

describe('Unicode in names', () => {
  it.each([
    ['combining marks', 'Zoe\u0308 Ne\u0301n\u0303\u0323'],
    ['right-to-left override', 'Ann \u202Efdp.exe'],
    ['Arabic with isolates', '\u2067مريم\u2069 Lopez'],
    ['emoji sequence', 'Ana 👩‍👩‍👧‍👦'],
    ['zero-width joiners', 'A\u200Bn\u200Dn'],
  ])('keeps %s as typed', async (_label, name) => {
    const draft = completeApplication();
    draft.providerInfo!.firstName = name;
    const saved = await saveDraft(JSON.stringify(draft));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.parse(saved.json<{ applicationJson: string }>().applicationJson).providerInfo.firstName).toBe(name);
  });

  it.each([
    ['NUL in the JSON body', { 'content-type': 'application/json' }, '{"applicationJson":"a\\u0000b"}'],
    [
      'NUL in the application JSON text',
      { 'content-type': 'application/json' },
      JSON.stringify({
        applicationJson: '{"providerType":"registeredprovider","providerInfo":{"firstName":"a\\u0000b"}}',
      }),
    ],
    [
      'a lone surrogate in the application JSON text',
      { 'content-type': 'application/json' },
      JSON.stringify({
        applicationJson: '{"providerType":"registeredprovider","providerInfo":{"firstName":"a\\ud800b"}}',
      }),
    ],
  ])('answers %s with a clean 400', async (_label, headers, payload) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Application/save-my-draft-applications',
      headers: { ...owner.headers, ...headers },
      payload,
    });
    const problem = problemOf(response);
    expect(response.statusCode).toBe(400);
    expect(problem.detail).toMatch(/NUL|Unicode/);
  });

  it('answers NUL in a query string with 400', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/Staff/applications?search=a%00b',
      headers: worker.headers,
    });
    expect(response.statusCode).toBe(400);
    problemOf(response);
  });

  it('submits a whole application with a lone surrogate nowhere and an RTL override in a name', async () => {
    const draft = completeApplication();
    draft.providerInfo!.lastName = 'Lopez\u202E';
    const applicationId = await submitApplication(ctx, owner, draft);
    expect(applicationId).toBeGreaterThan(0);
  });
});

describe('file-name tricks and polyglot files', () => {
  let applicationId: number;
  let documentIds: number[];
  beforeAll(async () => {
    applicationId = await submitApplication(ctx, owner);
    documentIds = (await documentsOf(ctx, owner, applicationId)).map((document) => document.documentId);
  });

  it.each([
    ['../../../../etc/passwd.pdf', /^passwd\.pdf$/],
    ['..\\..\\windows\\system32\\evil.pdf', /^evil\.pdf$/],
    ['invoice\u202Efdp.exe', /^invoicefdp\.exe$/],
    ['a\u0000b.pdf', /^ab\.pdf$/],
    ['report.pdf.exe', /^report\.pdf\.exe$/],
    [`${'long'.repeat(200)}.pdf`, /^(long)+/],
    ['<img src=x onerror=alert(1)>.pdf', /^<img src=x onerror=alert\(1\)>\.pdf$/],
  ])('an upload named %j is stored under a safe name and downloads as an attachment', async (name, shown) => {
    const documentId = documentIds.pop()!;
    const target = { applicationId, documentId };
    const uploaded = await uploadMultipart(ctx, owner, target, name, pdf());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const download = await downloadFile(ctx, owner, target);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(download.headers['content-disposition']);
    // Shown as typed (controls removed); downloaded with the extension of what the content is.
    // A quoted string, or a bare token where the name needs no quotes (RFC 6266).
    expect(disposition).toMatch(/^attachment; filename=("[\x20-\x7e]*\.pdf"|[\w!#$%&'*+.^`|~-]+\.pdf)(;|$)/);
    // eslint-disable-next-line no-control-regex -- control characters are what must not be there
    expect(disposition).not.toMatch(/[\u0000-\u001f\u202e]|\.\.\//);
    const listed = (await documentsOf(ctx, owner, applicationId)).find(
      (document) => document.documentId === documentId,
    );
    expect(listed?.file?.fileName).toMatch(shown);
    expect(await filesInStore(ctx)).not.toEqual(expect.arrayContaining([expect.stringMatching(/\.\.|[^\x20-\x7e]/)]));
  });

  it('a PDF that is also HTML is served as a PDF attachment that browsers do not sniff', async () => {
    const polyglot = Buffer.concat([
      pdf(400),
      Buffer.from('\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n'),
    ]);
    const target = { applicationId, documentId: documentIds.pop()! };
    expect((await uploadMultipart(ctx, owner, target, 'page.html', polyglot)).statusCode).toBe(200);
    const download = await downloadFile(ctx, owner, target);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=("page\.pdf"|page\.pdf)(;|$)/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('an HTML file named .pdf is refused by content', async () => {
    const target = { applicationId, documentId: documentIds.pop()! };
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const response = await uploadMultipart(ctx, owner, target, 'statement.pdf', html);
    expect(response.statusCode).toBe(415);
    problemOf(response);
  });
});

describe('oversize headers', () => {
  it('answers 431 on a real socket and keeps serving', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    // A raw socket: the server answers 431 and closes before a client could finish writing.
    const status = async (headers: Record<string, string>) => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      const request = `GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n${lines.join('')}\r\n`;
      return (await rawExchange(port, [request])).status;
    };
    expect(await status({ 'x-big': 'a'.repeat(64 * 1024) })).toBe(431);
    const many: Record<string, string> = {};
    for (let index = 0; index < 2_000; index++) many[`x-h${index}`] = 'v'.repeat(20);
    expect(await status(many)).toBe(431);
    expect(await status({})).toBe(200);
  });
});
