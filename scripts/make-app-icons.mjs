// Writes the installable app's PNG icons (issue 34) from the house mark of apps/web/public/favicon.svg:
// icon-192.png and icon-512.png (rounded square, "any"), and maskable-512.png (full-bleed background with the mark
// inside the maskable safe zone, the central 80 %). Run: node scripts/make-app-icons.mjs (sharp is the server's).
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.resolve('apps/server/package.json'));
const sharp = require('sharp');
const out = path.resolve('apps/web/public/icons');
const house = 'M7 24V13l9-6 9 6v11h-6v-7h-6v7z';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1c7ed6"/><path d="${house}" fill="#fff"/></svg>`;
// The mark scaled to 60 % around the centre: inside the safe zone whatever mask the platform applies.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1c7ed6"/><g transform="translate(16 15.5) scale(0.6) translate(-16 -15.5)"><path d="${house}" fill="#fff"/></g></svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}
