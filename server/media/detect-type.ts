import { open } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

export type MediaKind = 'image' | 'video' | 'audio' | 'pdf' | 'document';

export interface DetectedType {
  mime: string;
  ext: string;
  kind: MediaKind;
}

// Every type an upload may have (decision 003): the single list that decides
// acceptance. `ext` is the extension derivatives and originals are stored with.
export const ACCEPTED_TYPES = [
  { mime: 'image/jpeg', ext: 'jpg', kind: 'image' },
  { mime: 'image/png', ext: 'png', kind: 'image' },
  { mime: 'image/gif', ext: 'gif', kind: 'image' },
  { mime: 'image/webp', ext: 'webp', kind: 'image' },
  // Phones' photos (decision 020): shown through their JPEG/WebP derivatives, kept as uploaded.
  { mime: 'image/heic', ext: 'heic', kind: 'image' },
  { mime: 'image/heif', ext: 'heif', kind: 'image' },
  { mime: 'image/avif', ext: 'avif', kind: 'image' },
  { mime: 'video/mp4', ext: 'mp4', kind: 'video' },
  { mime: 'video/webm', ext: 'webm', kind: 'video' },
  { mime: 'video/ogg', ext: 'ogv', kind: 'video' },
  // Played through a web rendition when the browsers cannot play them (media/web-playback.ts).
  { mime: 'video/quicktime', ext: 'mov', kind: 'video' },
  { mime: 'video/x-matroska', ext: 'mkv', kind: 'video' },
  { mime: 'video/3gpp', ext: '3gp', kind: 'video' },
  { mime: 'video/3gpp2', ext: '3g2', kind: 'video' },
  { mime: 'audio/mpeg', ext: 'mp3', kind: 'audio' },
  { mime: 'audio/ogg', ext: 'ogg', kind: 'audio' },
  { mime: 'audio/wav', ext: 'wav', kind: 'audio' },
  { mime: 'audio/mp4', ext: 'm4a', kind: 'audio' },
  { mime: 'audio/webm', ext: 'weba', kind: 'audio' },
  { mime: 'audio/flac', ext: 'flac', kind: 'audio' },
  { mime: 'audio/aac', ext: 'aac', kind: 'audio' },
  { mime: 'audio/x-matroska', ext: 'mka', kind: 'audio' },
  { mime: 'audio/3gpp', ext: '3ga', kind: 'audio' },
  { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' },
  { mime: 'application/msword', ext: 'doc', kind: 'document' },
  { mime: 'application/vnd.ms-excel', ext: 'xls', kind: 'document' },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx', kind: 'document' },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx', kind: 'document' },
] as const satisfies readonly DetectedType[];

export type AcceptedMime = (typeof ACCEPTED_TYPES)[number]['mime'];

export function acceptedTypeByMime(mime: string): DetectedType | null {
  return ACCEPTED_TYPES.find((type) => type.mime === mime) ?? null;
}

// How file-type names a format → which accepted type it is. Refinements by content
// (ogg/mp4/webm/cfb) happen in `refine`, since one container can carry either audio or video.
const BY_FILE_TYPE_EXT: Record<string, AcceptedMime> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  apng: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  m4a: 'audio/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  oga: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// Container details sit near the start (Ogg/WebM headers) or in the mp4 `moov` box, which is
// at the start or the end; the CFB directory can be anywhere, but uploads are ≤10 MB.
const WHOLE_FILE_MAX = 16 * 1024 * 1024;
const WINDOW = 4 * 1024 * 1024;

/** Decides the type of a file on disk from its bytes; `declaredName` only splits doc from xls when the bytes cannot. */
export async function detectFileType(filePath: string, declaredName?: string): Promise<DetectedType | null> {
  const found = await fileTypeFromFile(filePath);
  if (!found) return null;
  return refine(found, () => readWindows(filePath), declaredName);
}

export async function detectBufferType(bytes: Uint8Array, declaredName?: string): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  return refine(found, async () => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), declaredName);
}

async function refine(found: { ext: string; mime: string }, readBytes: () => Promise<Buffer>, declaredName?: string): Promise<DetectedType | null> {
  const { ext } = found;
  if (ext === 'cfb') return byMime(officeBinaryType(await readBytes(), declaredName));
  const mime = BY_FILE_TYPE_EXT[ext];
  if (!mime) return null;
  // One extension for both brands: `mif1`/`msf1` files are HEIF, `heic`/`heix`… are HEIC.
  if (ext === 'heic') return byMime(found.mime.startsWith('image/heif') ? 'image/heif' : 'image/heic');
  if (mime === 'video/mp4' || mime === 'audio/mp4') return byMime(mp4Type(await readBytes(), mime));
  if (mime === 'video/3gpp') return byMime(mp4Type(await readBytes(), 'video/3gpp') === 'audio/mp4' ? 'audio/3gpp' : mime);
  if (mime === 'video/x-matroska') return byMime(matroskaHasVideo(await readBytes()) ? mime : 'audio/x-matroska');
  if (mime === 'audio/ogg') return byMime(includes(await readBytes(), '\x80theora') ? 'video/ogg' : mime);
  if (mime === 'video/webm') return byMime(webmType(await readBytes()));
  return byMime(mime);
}

function byMime(mime: string | null): DetectedType | null {
  return mime ? acceptedTypeByMime(mime) : null;
}

// A track's handler box says what it carries: `hdlr` + version/flags + pre_defined + type.
function mp4Type(bytes: Buffer, fallback: AcceptedMime): AcceptedMime {
  let hasSound = false;
  for (let at = bytes.indexOf('hdlr'); at !== -1; at = bytes.indexOf('hdlr', at + 4)) {
    const handler = bytes.toString('latin1', at + 12, at + 16);
    if (handler === 'vide') return 'video/mp4';
    if (handler === 'soun') hasSound = true;
  }
  return hasSound ? 'audio/mp4' : fallback;
}

// Matroska CodecID strings ("V_VP8", "A_OPUS"…) sit in the Tracks element near the start.
function webmType(bytes: Buffer): AcceptedMime {
  if (['V_VP8', 'V_VP9', 'V_AV1'].some((codec) => includes(bytes, codec))) return 'video/webm';
  if (['A_OPUS', 'A_VORBIS'].some((codec) => includes(bytes, codec))) return 'audio/webm';
  return 'video/webm';
}

// A Matroska CodecID element (0x86, a one-byte size, then the string) naming a video codec:
// "V_MPEG4/ISO/AVC", "V_MPEGH/ISO/HEVC", "V_VP9"… Without one the file is audio (`.mka`).
function matroskaHasVideo(bytes: Buffer): boolean {
  for (let at = bytes.indexOf('V_', 0, 'latin1'); at !== -1; at = bytes.indexOf('V_', at + 2, 'latin1')) {
    if (at >= 2 && bytes[at - 2] === 0x86 && bytes[at - 1] > 0x80 && bytes[at - 1] <= 0xa0) return true;
  }
  return false;
}

// An OLE compound file is a container; its directory names the streams. Word writes a
// "WordDocument" stream, Excel a "Workbook" (or "Book" before Excel 97). Directory entries are
// 128 bytes, aligned to 128 in the file, with a UTF-16LE name and its byte length at +64.
function officeBinaryType(bytes: Buffer, declaredName?: string): AcceptedMime | null {
  const names = new Set<string>();
  for (const name of ['Root Entry', 'WordDocument', 'Workbook', 'Book']) {
    const needle = Buffer.from(`${name}\0`, 'utf16le');
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 2)) {
      if (at % 128 === 0 && bytes.length >= at + 66 && bytes.readUInt16LE(at + 64) === needle.length) {
        names.add(name);
        break;
      }
    }
  }
  if (names.has('WordDocument')) return 'application/msword';
  if (names.has('Workbook') || names.has('Book')) return 'application/vnd.ms-excel';
  // A readable directory with neither stream is some other Office file (ppt, msg…).
  if (names.has('Root Entry')) return null;
  const declared = declaredName?.toLowerCase().split('.').pop();
  if (declared === 'doc') return 'application/msword';
  if (declared === 'xls') return 'application/vnd.ms-excel';
  return null;
}

function includes(bytes: Buffer, ascii: string): boolean {
  return bytes.includes(Buffer.from(ascii, 'latin1'));
}

async function readWindows(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= WHOLE_FILE_MAX) return await handle.readFile();
    const head = Buffer.alloc(WINDOW);
    const tail = Buffer.alloc(WINDOW);
    await handle.read(head, 0, WINDOW, 0);
    await handle.read(tail, 0, WINDOW, size - WINDOW);
    return Buffer.concat([head, tail]);
  } finally {
    await handle.close();
  }
}
