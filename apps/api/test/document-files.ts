import { crc32 } from 'node:zlib';

/**
 * Small but real files of each kind, built in memory, so the upload tests need no fixtures
 * on disk. Sizes are exact where a test asks for one.
 */
const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A PDF of exactly `size` bytes (at least 24): header, a comment as padding, trailer. */
export function pdf(size = 1200): Buffer {
  const head = ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const tail = ascii('\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x41);
  padding[0] = 0x25; // "%": the padding is one comment line
  return Buffer.concat([head, padding, tail]).subarray(0, Math.max(size, head.length + tail.length));
}

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([ascii(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 1×1 PNG of exactly `size` bytes (at least 57), padded with a text chunk. */
export function png(size = 300): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]));
  const iend = pngChunk('IEND', Buffer.alloc(0));
  const fixed = signature.length + ihdr.length + iend.length + 12;
  const text = pngChunk('tEXt', Buffer.alloc(Math.max(0, size - fixed), 0x61));
  return Buffer.concat([signature, ihdr, text, iend]);
}

export const jpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), ascii('JFIF\0'), Buffer.alloc(200)]);
export const gif = () => Buffer.concat([ascii('GIF89a'), Buffer.alloc(100)]);
export const webp = () =>
  Buffer.concat([ascii('RIFF'), Buffer.from([100, 0, 0, 0]), ascii('WEBPVP8 '), Buffer.alloc(100)]);
export const heic = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 24]), ascii('ftypheic'), Buffer.alloc(4), ascii('mif1heic'), Buffer.alloc(100)]);

/** An OLE2 compound file whose directory holds the named stream (WordDocument for a .doc). */
function compoundFile(streamName: string): Buffer {
  const file = Buffer.alloc(512 * 3);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(9, 0x1e); // 512-byte sectors
  file.writeUInt32LE(0, 0x30); // the directory starts at sector 0, right after the header
  const entry = (index: number, name: string, type: number) => {
    const at = 512 + index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(file, at);
    file.writeUInt16LE(encoded.length, at + 64);
    file[at + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, '\u0001CompObj', 2);
  entry(2, streamName, 2);
  return file;
}
export const doc = () => compoundFile('WordDocument');
/** A compound file that is not a Word document (an installer is one too). */
export const msi = () => compoundFile('!_StringData');

/** A zip with stored (uncompressed) entries, as office formats are containers of. */
function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, fileName, data);
    centrals.push(central, fileName);
    offset += header.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const docx = () =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<w:document/>'],
  ]);
export const odt = () =>
  zip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', '<office:document-content/>'],
  ]);
export const plainZip = () => zip([['notes.txt', 'hello']]);

/** A Linux executable's first bytes: what a renamed program looks like. */
export const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
/** A Windows executable's first bytes. */
export const exe = () => {
  const file = Buffer.alloc(256);
  ascii('MZ').copy(file, 0);
  file.writeUInt32LE(128, 0x3c);
  ascii('PE\0\0').copy(file, 128);
  return file;
};

/** The EICAR anti-virus test string, assembled here so this file itself is not flagged. */
export const eicar = () =>
  ascii(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!', '$H+H*'].join(''));
/** A PDF carrying EICAR: it passes the type check, so only the virus scan can refuse it. */
export const eicarPdf = () => Buffer.concat([pdf(200), eicar(), ascii('\n%%EOF\n')]);
