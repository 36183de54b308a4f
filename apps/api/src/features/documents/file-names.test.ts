import { describe, expect, it } from 'vitest';
import { attachmentHeader, displayNameOf, downloadNameOf, storageNameOf } from './file-names';

describe('file names', () => {
  it('keep for display only the last path segment, without control or direction-override characters', () => {
    expect(displayNameOf('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(displayNameOf('C:\\Users\\maria\\W-9 (signed).pdf')).toBe('W-9 (signed).pdf');
    expect(displayNameOf('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayNameOf('a\r\nb.pdf')).toBe('ab.pdf');
    expect(displayNameOf('Résumé.pdf')).toBe('Résumé.pdf');
    for (const nothing of ['', '   ', '..', 'folder/']) expect(displayNameOf(nothing)).toBe('document');
    expect(displayNameOf(`${'x'.repeat(400)}.pdf`)).toHaveLength(255);
  });

  it('store under plain ASCII names that end in the type the content has', () => {
    expect(storageNameOf('Résumé final (2).pdf', 'pdf')).toBe('Resume_final_2.pdf');
    expect(storageNameOf('.htaccess', 'png')).toBe('htaccess.png');
    expect(storageNameOf('photo.exe', 'jpg')).toBe('photo.jpg');
    expect(storageNameOf('..', 'pdf')).toBe('document.pdf');
    expect(storageNameOf('證明書.pdf', 'pdf')).toBe('document.pdf');
    expect(storageNameOf('a..b.tar.pdf', 'pdf')).toBe('a.b.tar.pdf');
  });

  it('download under the display name, its extension matching the content', () => {
    expect(downloadNameOf('scan.PDF', 'pdf')).toBe('scan.PDF');
    expect(downloadNameOf('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(downloadNameOf('scan.pdf', 'png')).toBe('scan.png');
    expect(downloadNameOf('scan', 'png')).toBe('scan.png');
  });

  it('put an ASCII name and the UTF-8 name in the attachment header', () => {
    expect(attachmentHeader('w9.pdf')).toBe('attachment; filename=w9.pdf');
    expect(attachmentHeader('證明書.pdf')).toBe(
      "attachment; filename=___.pdf; filename*=UTF-8''%E8%AD%89%E6%98%8E%E6%9B%B8.pdf",
    );
  });
});
