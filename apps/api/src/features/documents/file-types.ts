import { createReadStream } from 'node:fs';
import { allowedDocumentTypes } from '@ccap/contracts';
import { fileTypeFromFile } from 'file-type';

export interface DocumentType {
  extension: string;
  mime: string;
}

const WORD_STREAM_NAME = Buffer.from('WordDocument\0', 'utf16le');
const DIRECTORY_ENTRY_BYTES = 128;
const CFB_HEADER_BYTES = 512;
const STREAM_OBJECT = 2;

/**
 * A Compound File (OLE2) is a Word 97–2003 document when its directory holds a stream named
 * WordDocument. Directory entries are 128 bytes at 128-byte boundaries past the 512-byte
 * header, so checking those boundaries is enough; an installer (.msi) or a spreadsheet, also
 * compound files, has no such stream.
 */
async function isWordBinary(filePath: string): Promise<boolean> {
  let offset = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(filePath, { highWaterMark: 64 * 1024 })) {
    const buffer = Buffer.concat([carry, chunk as Buffer]);
    const start = offset - carry.length;
    let position = Math.max(0, CFB_HEADER_BYTES - start);
    position += (DIRECTORY_ENTRY_BYTES - ((start + position) % DIRECTORY_ENTRY_BYTES)) % DIRECTORY_ENTRY_BYTES;
    for (; position + DIRECTORY_ENTRY_BYTES <= buffer.length; position += DIRECTORY_ENTRY_BYTES) {
      const entry = buffer.subarray(position, position + DIRECTORY_ENTRY_BYTES);
      if (
        entry.subarray(0, WORD_STREAM_NAME.length).equals(WORD_STREAM_NAME) &&
        entry.readUInt16LE(64) === WORD_STREAM_NAME.length &&
        entry[66] === STREAM_OBJECT
      ) {
        return true;
      }
    }
    offset += (chunk as Buffer).length;
    carry = buffer.subarray(position);
  }
  return false;
}

/**
 * The file's type read from its content (magic bytes, and for zip and OLE2 containers what is
 * inside), if it is one the portal accepts; undefined for anything else, an empty file included.
 */
export async function detectDocumentType(filePath: string): Promise<DocumentType | undefined> {
  const found = await fileTypeFromFile(filePath);
  if (!found) return undefined;
  if (found.mime === 'application/x-cfb') {
    return (await isWordBinary(filePath)) ? { extension: 'doc', mime: 'application/msword' } : undefined;
  }
  const allowed = allowedDocumentTypes.find((type) => (type.mimeTypes as readonly string[]).includes(found.mime));
  return allowed ? { extension: allowed.extension, mime: found.mime } : undefined;
}
