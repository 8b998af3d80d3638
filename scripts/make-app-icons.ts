// Draws the installed app's icons (client/public/icons/) from the favicon's shapes, with sharp.
// The PNGs are committed: run `npx tsx scripts/make-app-icons.ts` again only when the mark changes.
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../client/public/icons');
const gradient = `<linearGradient id="k" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#7c3aed"/><stop offset="0.5" stop-color="#ec4899"/><stop offset="1" stop-color="#f59e0b"/>
</linearGradient>`;
const mark = `<g fill="#fff" fill-opacity="0.92"><path d="M32 12 L40 32 L32 52 L24 32 Z"/><path d="M12 32 L32 24 L52 32 L32 40 Z" fill-opacity="0.6"/></g>`;

/** The favicon as it is: a rounded tile (the "any" purpose). */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${gradient}</defs><rect width="64" height="64" rx="14" fill="url(#k)"/>${mark}</svg>`;
/** Full bleed, the mark inside the central 80 % safe zone a launcher may crop to a circle. */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${gradient}</defs><rect width="64" height="64" fill="url(#k)"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${mark}</g></svg>`;
/** One colour for the notification badge (Android draws it as a mask). */
const badgeIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${mark.replace('fill-opacity="0.92"', '')}</svg>`;

const icons: [string, string, number][] = [
  ['icon-192.png', anyIcon, 192],
  ['icon-512.png', anyIcon, 512],
  ['maskable-192.png', maskableIcon, 192],
  ['maskable-512.png', maskableIcon, 512],
  ['apple-touch-icon.png', maskableIcon, 180],
  ['badge-96.png', badgeIcon, 96],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, name));
}
console.log(`wrote ${icons.length} icons to ${out}`);
