import { DOCUMENT_FILE_NAME_MAX } from '@ccap/contracts';
import { create as contentDisposition } from 'content-disposition';

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const ALIASES: Record<string, string[]> = { jpg: ['jpg', 'jpeg'], heic: ['heic', 'heif'] };

/**
 * The name the applicant's file had, kept for display: its last path segment (a browser may
 * send a whole path, an attacker `../../x`), without control or bidirectional-override characters.
 */
export function displayNameOf(offered: string): string {
  const base = offered.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(CONTROL, '').trim().slice(0, DOCUMENT_FILE_NAME_MAX);
  return clean === '' || clean === '.' || clean === '..' ? 'document' : clean;
}

/**
 * A name safe on any filesystem, in any URL and in any header: ASCII letters, digits, dot,
 * dash and underscore, never hidden, ending in the extension of the type the content has.
 */
export function storageNameOf(displayName: string, extension: string): string {
  const stem = displayName
    .replace(/(.)\.[^.]*$/, '$1')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80);
  return `${stem || 'document'}.${extension}`;
}

/** The display name, its extension made to match the content, so a download opens in the right program. */
export function downloadNameOf(displayName: string, extension: string): string {
  const offered = /\.([^.]+)$/.exec(displayName)?.[1]?.toLowerCase();
  if (offered && (ALIASES[extension] ?? [extension]).includes(offered)) return displayName;
  return `${displayName.replace(/\.[^.]*$/, '') || 'document'}.${extension}`;
}

/**
 * RFC 6266 attachment header: a plain-ASCII `filename` (accents dropped, anything else `_`;
 * Latin-1 there is read differently by different browsers), and the real name in UTF-8
 * (`filename*`, RFC 8187) whenever it differs.
 */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(fileName, { type: 'attachment', fallback });
}
