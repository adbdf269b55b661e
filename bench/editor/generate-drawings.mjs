// Writes the sample drawings the editor showroom, the compare tool and the benchmark use
// (apps/web/src/editor/assets). Run: node bench/editor/generate-drawings.mjs
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../../apps/web/src/editor/assets');

function plan({ width, height, cols, rows, revision }) {
  const margin = Math.round(width * 0.05);
  const cellW = (width - 2 * margin) / cols;
  const cellH = (height - 2 * margin - 120) / rows;
  const wall = Math.max(4, Math.round(width / 250));
  const parts = [];
  const line = (x1, y1, x2, y2, w = wall) =>
    parts.push(
      `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#111" stroke-width="${w}" stroke-linecap="square"/>`,
    );
  // Grid axes, thin and grey, labelled A, B, C… and 1, 2, 3…
  for (let c = 0; c <= cols; c += 1) {
    const x = margin + c * cellW;
    parts.push(
      `<line x1="${x}" y1="${margin / 2}" x2="${x}" y2="${height - 100}" stroke="#999" stroke-width="1" stroke-dasharray="12 6"/>`,
    );
    parts.push(
      `<text x="${x}" y="${margin / 2 - 6}" font-size="${wall * 4}" text-anchor="middle" fill="#555">${String.fromCharCode(65 + (c % 26))}</text>`,
    );
  }
  for (let r = 0; r <= rows; r += 1) {
    const y = margin + r * cellH;
    parts.push(
      `<text x="${margin / 2}" y="${y + wall}" font-size="${wall * 4}" text-anchor="middle" fill="#555">${r + 1}</text>`,
    );
  }
  // Outer walls and room walls; revision B moves one wall and adds a partition.
  line(margin, margin, width - margin, margin);
  line(width - margin, margin, width - margin, margin + rows * cellH);
  line(width - margin, margin + rows * cellH, margin, margin + rows * cellH);
  line(margin, margin + rows * cellH, margin, margin);
  for (let c = 1; c < cols; c += 1) {
    const shift = revision === 'B' && c === 2 ? cellW * 0.25 : 0;
    const x = margin + c * cellW + shift;
    line(x, margin, x, margin + rows * cellH * 0.42);
    line(x, margin + rows * cellH * 0.58, x, margin + rows * cellH);
  }
  for (let r = 1; r < rows; r += 1) {
    const y = margin + r * cellH;
    line(margin, y, width - margin - cellW * 0.6, y);
  }
  // Columns at every grid crossing and a dimension chain along the top.
  const column = wall * 3;
  for (let c = 0; c <= cols; c += 1) {
    for (let r = 0; r <= rows; r += 1) {
      const x = margin + c * cellW - column / 2;
      const y = margin + r * cellH - column / 2;
      parts.push(`<rect x="${x}" y="${y}" width="${column}" height="${column}" fill="#111"/>`);
    }
    if (c < cols) {
      const x = margin + c * cellW;
      const y = margin + rows * cellH + wall * 8;
      parts.push(`<line x1="${x}" y1="${y}" x2="${x + cellW}" y2="${y}" stroke="#333" stroke-width="1.5"/>`);
      parts.push(
        `<text x="${x + cellW / 2}" y="${y - 6}" font-size="${wall * 3}" text-anchor="middle" fill="#333">${Math.round(cellW * 2)} mm</text>`,
      );
    }
  }
  if (revision === 'B') line(margin + cellW * 0.5, margin, margin + cellW * 0.5, margin + cellH);
  // Room names and a title block.
  let room = 101;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const x = margin + (c + 0.5) * cellW;
      const y = margin + (r + 0.5) * cellH;
      parts.push(
        `<text x="${x}" y="${y}" font-size="${wall * 5}" text-anchor="middle" fill="#222" font-family="sans-serif">ROOM ${room}</text>`,
      );
      room += 1;
    }
  }
  const tb =
    `<rect x="${width - 620}" y="${height - 110}" width="600" height="95" fill="none" stroke="#111" stroke-width="3"/>` +
    `<text x="${width - 600}" y="${height - 65}" font-size="32" font-family="sans-serif" fill="#111">OBRA · LEVEL 01 · ARCHITECTURE</text>` +
    `<text x="${width - 600}" y="${height - 28}" font-size="26" font-family="sans-serif" fill="#111">REV ${revision} · 1:100</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#fff"/>${parts.join('')}${tb}</svg>\n`
  );
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'drawing-rev-a.svg'),
  plan({ width: 1600, height: 1000, cols: 4, rows: 2, revision: 'A' }),
);
fs.writeFileSync(
  path.join(out, 'drawing-rev-b.svg'),
  plan({ width: 1600, height: 1000, cols: 4, rows: 2, revision: 'B' }),
);
fs.writeFileSync(
  path.join(out, 'drawing-large.svg'),
  plan({ width: 6000, height: 4000, cols: 12, rows: 8, revision: 'A' }),
);
