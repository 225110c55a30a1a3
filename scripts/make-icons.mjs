// Writes public/icons/*.png, the PWA icons (a white K on emerald), with a minimal PNG encoder:
// node scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const chunk = (type, data) => { const len = Buffer.alloc(4); len.writeUInt32BE(data.length); const td = Buffer.concat([Buffer.from(type), data]); const c = Buffer.alloc(4); c.writeUInt32BE(crc(td)); return Buffer.concat([len, td, c]); };
function png(size, pad) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const inK = (x, y) => { // K drawn in a 64-unit box scaled into the safe area
    const s = (size - 2 * pad) / 64; const u = (x - pad) / s, v = (y - pad) / s;
    if (u < 0 || v < 0 || u > 64 || v > 64) return false;
    if (u >= 18 && u <= 25 && v >= 18 && v <= 46) return true;
    const d1 = Math.abs((v - 32) + (u - 25) * 1.2); const d2 = Math.abs((v - 32) - (u - 25) * 1.2);
    return u >= 25 && u <= 44 && ((v <= 32 && d1 < 5) || (v >= 30 && d2 < 5));
  };
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const k = inK(x, y);
      raw[o] = k ? 255 : 0x10; raw[o + 1] = k ? 255 : 0xb9; raw[o + 2] = k ? 255 : 0x81; raw[o + 3] = 255;
    }
  }
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4); ihdr[8] = 8; ihdr[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
writeFileSync('public/icons/icon-192.png', png(192, 0));
writeFileSync('public/icons/icon-512.png', png(512, 0));
writeFileSync('public/icons/maskable-512.png', png(512, 80));
