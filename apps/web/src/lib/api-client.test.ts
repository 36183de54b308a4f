import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { apiDownload, fileNameOf } from './api-client';

// The headers the API sends (content-disposition with an ASCII fallback, see ADR 016).
const chinese = `attachment; filename="__.pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C.pdf`;
const spanish = `attachment; filename="Jose Nunez W-9.pdf"; filename*=UTF-8''Jos%C3%A9%20N%C3%BA%C3%B1ez%20W-9.pdf`;

describe('fileNameOf', () => {
  it('prefers the UTF-8 filename* over the ASCII fallback', () => {
    expect(fileNameOf(chinese)).toBe('合同.pdf');
    expect(fileNameOf(spanish)).toBe('José Núñez W-9.pdf');
    expect(
      fileNameOf(`attachment; filename="Resume \\"final\\".png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.png`),
    ).toBe('Résumé "final".png');
  });

  it('reads filename* in any order and case, with a language, and in ISO-8859-1', () => {
    expect(fileNameOf(`attachment; FILENAME*=utf-8'es'Jos%C3%A9.pdf; filename="Jose.pdf"`)).toBe('José.pdf');
    expect(fileNameOf(`attachment; filename*=ISO-8859-1''Jos%E9.pdf`)).toBe('José.pdf');
  });

  it('falls back to filename, quoted (with escapes) or not, when there is no usable filename*', () => {
    expect(fileNameOf('attachment; filename="w9.pdf"')).toBe('w9.pdf');
    expect(fileNameOf('attachment; filename="Resume \\"final\\"; v2.png"')).toBe('Resume "final"; v2.png');
    expect(fileNameOf('attachment; filename=report.pdf')).toBe('report.pdf');
    // Broken percent-encoding or an unknown charset: the ASCII name, and nothing thrown.
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=UTF-8''%E5%90.pdf`)).toBe('x.pdf');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=UTF-8''100%.pdf`)).toBe('x.pdf');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=ISO-8859-1''100%.pdf`)).toBe('x.pdf');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=KOI8-R''%C1.pdf`)).toBe('x.pdf');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=no-quotes.pdf`)).toBe('x.pdf');
  });

  it('has no name for a header without one', () => {
    expect(fileNameOf('')).toBeUndefined();
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf('attachment; filename=""')).toBeUndefined();
    expect(fileNameOf(`attachment; filename*=UTF-8''%ZZ`)).toBeUndefined();
  });
});

describe('apiDownload', () => {
  const downloads: string[] = [];
  beforeAll(() => {
    // jsdom has no object URLs and does not navigate: the download link's click is recorded.
    Object.assign(URL, { createObjectURL: () => 'blob:download', revokeObjectURL: () => undefined });
  });
  afterEach(() => {
    downloads.length = 0;
    vi.restoreAllMocks();
  });

  const download = async (disposition: string | undefined) => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    server.use(
      http.get('*/api/file', () =>
        HttpResponse.arrayBuffer(new ArrayBuffer(4), {
          headers: {
            'content-type': 'application/pdf',
            ...(disposition ? { 'content-disposition': disposition } : {}),
          },
        }),
      ),
    );
    await apiDownload('file', 'document-7');
    return downloads.at(-1);
  };

  it("saves the file under the server's UTF-8 name, not its ASCII fallback", async () => {
    expect(await download(chinese)).toBe('合同.pdf');
    expect(await download(spanish)).toBe('José Núñez W-9.pdf');
  });

  it('saves under the fallback name when the server names none', async () => {
    expect(await download(undefined)).toBe('document-7');
    expect(await download('attachment')).toBe('document-7');
  });
});
