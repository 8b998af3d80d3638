// Office and archive samples built byte by byte: no zip or OLE library is installed.
import { crc32, deflateRawSync } from 'node:zlib';

const OOXML_TYPES = {
  docx: { part: 'word/document.xml', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml' },
  xlsx: { part: 'xl/workbook.xml', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' },
};

/** A minimal OOXML package: the `[Content_Types].xml` main part is what identifies it. */
export function ooxml(kind: 'docx' | 'xlsx'): Buffer {
  const { part, type } = OOXML_TYPES[kind];
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/${part}" ContentType="${type}"/></Types>`;
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/>` +
    '</Relationships>';
  return zip([
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rels],
    [part, '<?xml version="1.0" encoding="UTF-8"?><root/>'],
  ]);
}

/** A plain zip archive (deflate entries, central directory, end record). */
export function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0); // version needed
    common.writeUInt16LE(8, 4); // deflate
    common.writeUInt32LE(crc32(data), 10);
    common.writeUInt32LE(packed.length, 14);
    common.writeUInt32LE(data.length, 18);
    common.writeUInt16LE(nameBytes.length, 22);
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), common, nameBytes, packed]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    common.copy(central, 6, 0, 26);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    locals.push(local);
    offset += local.length;
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

/**
 * An OLE compound file (version 3, 512-byte sectors): header, one FAT sector, one directory
 * sector holding the root and one empty stream named `streamName`. With `headerOnly`, just
 * the 512-byte header, as a truncated upload would be.
 */
export function oleCompoundFile(streamName: string, headerOnly = false): Buffer {
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const header = Buffer.alloc(512, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(END, 60);
  header.writeUInt32LE(END, 68);
  header.writeUInt32LE(0, 76); // DIFAT[0]: the FAT is sector 0
  for (let at = 80; at < 512; at += 4) header.writeUInt32LE(FREE, at);
  if (headerOnly) return header;

  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(END, 4);
  const directory = Buffer.alloc(512, 0);
  directoryEntry('Root Entry', 5, 1).copy(directory, 0);
  directoryEntry(streamName, 2, FREE).copy(directory, 128);
  return Buffer.concat([header, fat, directory]);
}

function directoryEntry(name: string, type: number, child: number): Buffer {
  const entry = Buffer.alloc(128, 0);
  const nameBytes = Buffer.from(`${name}\0`, 'utf16le');
  nameBytes.copy(entry, 0);
  entry.writeUInt16LE(nameBytes.length, 64);
  entry[66] = type;
  entry[67] = 1; // black
  entry.writeUInt32LE(0xffffffff, 68);
  entry.writeUInt32LE(0xffffffff, 72);
  entry.writeUInt32LE(child, 76);
  entry.writeUInt32LE(0xfffffffe, 116);
  return entry;
}
