import { UnsupportedMediaError } from './media-errors';

// A HEIC/HEIF/AVIF original is published as uploaded (no encoder here could re-encode it
// without loss), so its metadata is removed in place instead: the Exif item (camera, GPS) and
// XMP items have their bytes zeroed, and the Exif item's type is renamed so that no reader
// tries to parse the zeros. Nothing moves, so every offset in the file stays valid and the
// picture is bit for bit what was uploaded. ISO/IEC 23008-12 (HEIF) on ISO/IEC 14496-12 boxes.

type Box = { type: string; start: number; body: number; end: number };

const READABLE_METADATA = new Set(['Exif']);
const XMP_CONTENT_TYPE = 'application/rdf+xml';
/** A four-character code no HEIF reader knows: the renamed Exif item is skipped as unknown. */
const HIDDEN_ITEM_TYPE = 'hide';

/**
 * Answers a copy of `bytes` with every Exif and XMP item zeroed, or null when the file holds
 * none (it can be published as it is). Throws UnsupportedMediaError for a file whose boxes do
 * not parse: a metadata block that cannot be found cannot be removed.
 */
export function scrubHeifMetadata(bytes: Buffer): Buffer | null {
  try {
    return scrub(bytes);
  } catch (error) {
    if (error instanceof UnsupportedMediaError) throw error;
    throw new UnsupportedMediaError('This image could not be read. It may be damaged or in an unsupported format.', { cause: error });
  }
}

function scrub(bytes: Buffer): Buffer | null {
  const meta = children(bytes, 0, bytes.length).find((b) => b.type === 'meta');
  if (!meta) throw new Error('no meta box');
  // `meta` is a full box: version and flags before its children.
  const inMeta = children(bytes, meta.body + 4, meta.end);
  const iinf = inMeta.find((b) => b.type === 'iinf');
  const iloc = inMeta.find((b) => b.type === 'iloc');
  const idat = inMeta.find((b) => b.type === 'idat');
  if (!iinf || !iloc) return null;

  const targets = metadataItems(bytes, iinf);
  if (targets.size === 0) return null;
  const out = Buffer.from(bytes);
  for (const extent of extents(bytes, iloc, new Set(targets.keys()))) {
    const base = extent.method === 0 ? 0 : extent.method === 1 && idat ? idat.body : null;
    if (base === null) throw new Error(`metadata item stored by construction method ${extent.method}`);
    const from = base + extent.offset;
    const to = from + extent.length;
    const limit = extent.method === 1 ? idat!.end : bytes.length;
    if (extent.length === 0 || to > limit) throw new Error('metadata extent outside the file');
    out.fill(0, from, to);
  }
  for (const at of targets.values()) if (at !== null) out.write(HIDDEN_ITEM_TYPE, at, 'latin1');
  return out;
}

/** The Exif and XMP items: id → offset of the item type to rename (null: keep the type). */
function metadataItems(bytes: Buffer, iinf: Box): Map<number, number | null> {
  const version = bytes[iinf.body];
  const first = iinf.body + 4 + (version === 0 ? 2 : 4);
  const found = new Map<number, number | null>();
  for (const infe of children(bytes, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const v = bytes[infe.body];
    if (v < 2) continue; // versions 0 and 1 have no item type (none of our formats uses them)
    const idSize = v === 2 ? 2 : 4;
    const id = idSize === 2 ? bytes.readUInt16BE(infe.body + 4) : bytes.readUInt32BE(infe.body + 4);
    const typeAt = infe.body + 4 + idSize + 2;
    const type = bytes.toString('latin1', typeAt, typeAt + 4);
    if (READABLE_METADATA.has(type)) found.set(id, typeAt);
    else if (type === 'mime') {
      // item_name (C string), then content_type (C string).
      const nameEnd = bytes.indexOf(0, typeAt + 4);
      const contentEnd = nameEnd === -1 ? -1 : bytes.indexOf(0, nameEnd + 1);
      if (contentEnd !== -1 && contentEnd <= infe.end && bytes.toString('latin1', nameEnd + 1, contentEnd) === XMP_CONTENT_TYPE) found.set(id, null);
    }
  }
  return found;
}

type Extent = { method: number; offset: number; length: number };

/** Where the bytes of the given items are (ISO/IEC 14496-12 clause 8.11.3, versions 0–2). */
function extents(bytes: Buffer, iloc: Box, items: Set<number>): Extent[] {
  let at = iloc.body;
  const version = bytes[at];
  at += 4;
  const offsetSize = bytes[at] >> 4;
  const lengthSize = bytes[at] & 0xf;
  const baseOffsetSize = bytes[at + 1] >> 4;
  const indexSize = version === 1 || version === 2 ? bytes[at + 1] & 0xf : 0;
  at += 2;
  const count = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const found: Extent[] = [];
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = bytes.readUInt16BE(at) & 0xf;
      at += 2;
    }
    at += 2; // data_reference_index
    const baseOffset = uint(bytes, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = bytes.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extentCount; e++) {
      at += indexSize;
      const offset = uint(bytes, at, offsetSize);
      at += offsetSize;
      const length = uint(bytes, at, lengthSize);
      at += lengthSize;
      if (items.has(id)) found.push({ method, offset: baseOffset + offset, length });
    }
    if (at > iloc.end) throw new Error('iloc box overrun');
  }
  return found;
}

function uint(bytes: Buffer, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return bytes.readUInt32BE(at);
  if (size === 8) return Number(bytes.readBigUInt64BE(at));
  if (size === 2) return bytes.readUInt16BE(at);
  throw new Error(`field size ${size}`);
}

function children(bytes: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      body += 8;
    } else if (size === 0) size = to - at;
    if (size < body - at || at + size > to) throw new Error(`box ${type} overruns its parent`);
    boxes.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return boxes;
}
