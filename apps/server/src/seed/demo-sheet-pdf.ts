import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { planLayout, type PlanRoom } from './demo-drawings.ts';

/** What a demo drawing sheet shows: its discipline's drawing of a level, and the title block. */
export interface DemoSheetContent {
  /** Discipline abbreviation of the naming rule (ARQ, EST, ELE, …). */
  readonly discipline: string;
  /** Level code of the demo project's locations (TER, TIPO, COB, SS). */
  readonly local: string;
  /** Document type of the naming rule (PLA plan, COR sections, FOR formwork, ARM reinforcement, …). */
  readonly type: string;
  readonly title: string;
  /** The document's name under the naming rule. */
  readonly code: string;
  readonly revision: string;
  readonly company: string;
}

/**
 * Liberation Sans (SIL Open Font License 1.1), as shipped by pdfjs-dist in `standard_fonts/` with its
 * LICENSE_LIBERATION: embedded (subset) in every sheet, so that Portuguese and Spanish text reads right in any
 * viewer and its text can be extracted and searched.
 */
function fontFile(name: 'Regular' | 'Bold'): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    `LiberationSans-${name}.ttf`,
  );
}

const INK = '#1f2933';
const GREY = '#52606d';
const LIGHT = '#9aa5b1';
const ACCENT = '#1c7ed6';
/** A3 landscape, in PDF points. */
const PAGE = { width: 1190.55, height: 841.89 };
const FRAME = 20;
/** The drawing area (left of the title block) and the title block. */
const AREA = { x: 50, y: 50, width: 840, height: 740 };
const BLOCK = { x: 910, y: FRAME + 10, width: PAGE.width - 910 - FRAME - 10 };

const NOTES: Record<string, string[]> = {
  ARQ: [
    'Cotas em centímetros; níveis em metros.',
    'Portas das escadas: corta-fogo P-90, com barra antipânico e fechamento automático.',
    'Revestimentos conforme memorial descritivo de acabamentos.',
    'Verificar compatibilização com estrutura e instalações antes da execução.',
  ],
  EST: [
    'Concreto C30 (fck = 30 MPa); cobrimento nominal de 3,0 cm em vigas e pilares.',
    'Aço CA-50 e CA-60; emendas por traspasse conforme NBR 6118.',
    'Não executar furos em vigas sem consulta ao projetista de estrutura.',
  ],
  ELE: [
    'Iluminação: luminárias LED 18 W, 4000 K; comando por interruptores simples.',
    'Tomadas de uso geral a 30 cm do piso; tomadas de cozinha a 1,10 m.',
    'Circuitos conforme quadro de cargas; condutores de cobre, isolação 750 V.',
  ],
};

/** Scale and offset that fit a level's plan (its drawing pixels) into the drawing area. */
function fit(layout: ReturnType<typeof planLayout>) {
  const right = Math.max(...layout.axesX.map((a) => a.x)) + 60;
  const bottom = Math.max(...layout.axesY.map((a) => a.y)) + 60;
  const left = Math.min(...layout.axesX.map((a) => a.x)) - 80;
  const top = Math.min(...layout.axesY.map((a) => a.y)) - 80;
  const scale = Math.min(AREA.width / (right - left), AREA.height / (bottom - top));
  const dx = AREA.x + (AREA.width - (right - left) * scale) / 2 - left * scale;
  const dy = AREA.y + (AREA.height - (bottom - top) * scale) / 2 - top * scale;
  return { x: (v: number) => dx + v * scale, y: (v: number) => dy + v * scale, s: (v: number) => v * scale };
}

type Doc = InstanceType<typeof PDFDocument>;

function drawGrid(doc: Doc, layout: ReturnType<typeof planLayout>, f: ReturnType<typeof fit>): void {
  const xs = layout.axesX.map((a) => a.x);
  const ys = layout.axesY.map((a) => a.y);
  doc.lineWidth(0.5).strokeColor(LIGHT).dash(8, { space: 3 });
  for (const a of layout.axesX)
    doc
      .moveTo(f.x(a.x), f.y(Math.min(...ys) - 40))
      .lineTo(f.x(a.x), f.y(Math.max(...ys) + 40))
      .stroke();
  for (const a of layout.axesY)
    doc
      .moveTo(f.x(Math.min(...xs) - 40), f.y(a.y))
      .lineTo(f.x(Math.max(...xs) + 40), f.y(a.y))
      .stroke();
  doc.undash().lineWidth(1).strokeColor(GREY).font('Sans').fontSize(9).fillColor(INK);
  for (const a of layout.axesX) {
    const cx = f.x(a.x);
    const cy = f.y(Math.min(...ys) - 58);
    doc.circle(cx, cy, 9).stroke();
    doc.text(a.label, cx - 9, cy - 5, { width: 18, align: 'center' });
  }
  for (const a of layout.axesY) {
    const cx = f.x(Math.min(...xs) - 58);
    const cy = f.y(a.y);
    doc.circle(cx, cy, 9).stroke();
    doc.text(a.label, cx - 9, cy - 5, { width: 18, align: 'center' });
  }
}

function drawRooms(doc: Doc, rooms: readonly PlanRoom[], f: ReturnType<typeof fit>, doors: boolean): void {
  for (const room of rooms) {
    doc
      .lineWidth(4)
      .strokeColor(INK)
      .rect(f.x(room.x), f.y(room.y), f.s(room.width), f.s(room.height))
      .stroke();
    if (doors) {
      const mid = f.x(room.x + room.width / 2);
      const sill = f.y(room.y + room.height);
      doc
        .lineWidth(5)
        .strokeColor('#ffffff')
        .moveTo(mid - f.s(40), sill)
        .lineTo(mid + f.s(40), sill)
        .stroke();
      doc
        .lineWidth(0.8)
        .strokeColor(GREY)
        .moveTo(mid - f.s(40), sill)
        .quadraticCurveTo(mid + f.s(40), sill, mid + f.s(40), sill - f.s(70))
        .stroke();
    }
  }
  doc.font('Sans').fontSize(10).fillColor('#323f4b');
  for (const room of rooms)
    doc.text(room.name, f.x(room.x) + 4, f.y(room.y + room.height / 2) - 6, {
      width: f.s(room.width) - 8,
      align: 'center',
    });
}

function drawColumns(doc: Doc, layout: ReturnType<typeof planLayout>, f: ReturnType<typeof fit>): void {
  let n = 1;
  doc.font('Sans').fontSize(7);
  for (const ay of layout.axesY)
    for (const ax of layout.axesX) {
      doc.rect(f.x(ax.x) - 5, f.y(ay.y) - 5, 10, 10).fill(INK);
      doc.fillColor(GREY).text(`P${n}`, f.x(ax.x) + 7, f.y(ay.y) + 5);
      n += 1;
    }
}

function drawBeams(doc: Doc, layout: ReturnType<typeof planLayout>, f: ReturnType<typeof fit>): void {
  const xs = layout.axesX.map((a) => a.x);
  let n = 1;
  doc.font('Sans').fontSize(7).lineWidth(0.8).strokeColor(INK);
  for (const ay of layout.axesY) {
    doc
      .moveTo(f.x(xs[0]!), f.y(ay.y) - 3)
      .lineTo(f.x(xs.at(-1)!), f.y(ay.y) - 3)
      .moveTo(f.x(xs[0]!), f.y(ay.y) + 3)
      .lineTo(f.x(xs.at(-1)!), f.y(ay.y) + 3)
      .stroke();
    doc.fillColor(ACCENT).text(`V${n} (20×50)`, f.x(xs[0]!) + 20, f.y(ay.y) - 14);
    n += 1;
  }
}

function drawLights(doc: Doc, rooms: readonly PlanRoom[], f: ReturnType<typeof fit>): void {
  doc.lineWidth(0.8).strokeColor(ACCENT);
  for (const room of rooms) {
    const cx = f.x(room.x + room.width / 2);
    const cy = f.y(room.y + room.height / 2) + 18;
    doc.circle(cx, cy, 6).stroke();
    doc
      .moveTo(cx - 4, cy - 4)
      .lineTo(cx + 4, cy + 4)
      .moveTo(cx + 4, cy - 4)
      .lineTo(cx - 4, cy + 4)
      .stroke();
    // Sockets on the lower wall.
    for (const t of [0.25, 0.75]) {
      const sx = f.x(room.x + room.width * t);
      const sy = f.y(room.y + room.height) - 6;
      doc
        .moveTo(sx - 4, sy + 4)
        .lineTo(sx + 4, sy + 4)
        .lineTo(sx, sy - 3)
        .closePath()
        .fill(ACCENT);
    }
  }
}

/** A building section through the demo's levels (ARQ COR sheets). */
function drawSection(doc: Doc): void {
  const levels = [
    { name: 'Subsolo', elevation: -3.0 },
    { name: 'Térreo', elevation: 0.0 },
    ...Array.from({ length: 8 }, (_, i) => ({ name: `${i + 1}º pavimento`, elevation: 4.5 + i * 3.0 })),
    { name: 'Cobertura', elevation: 28.5 },
  ];
  const x0 = AREA.x + 140;
  const width = 520;
  const unit = (AREA.height - 80) / 34;
  const yOf = (e: number) => AREA.y + AREA.height - 40 - (e + 4) * unit;
  doc.font('Sans').fontSize(9);
  for (const level of levels) {
    const y = yOf(level.elevation);
    doc
      .lineWidth(3)
      .strokeColor(INK)
      .moveTo(x0, y)
      .lineTo(x0 + width, y)
      .stroke();
    const label = `${level.elevation >= 0 ? '+' : ''}${level.elevation.toFixed(2).replace('.', ',')}`;
    doc.fillColor(INK).text(level.name, x0 + width + 14, y - 10);
    doc.fillColor(GREY).text(label, x0 - 70, y - 5, { width: 60, align: 'right' });
  }
  doc.lineWidth(2).strokeColor(INK);
  for (const t of [0, 0.33, 0.66, 1])
    doc
      .moveTo(x0 + width * t, yOf(-3))
      .lineTo(x0 + width * t, yOf(28.5))
      .stroke();
  doc.font('SansBold').fontSize(14).fillColor(INK).text('Corte AA', x0, AREA.y, { width, align: 'center' });
}

function drawTitleBlock(doc: Doc, sheet: DemoSheetContent, levelName: string): void {
  const { x, y, width } = BLOCK;
  const height = PAGE.height - 2 * FRAME - 20;
  doc.lineWidth(1.5).strokeColor(INK).rect(x, y, width, height).stroke();
  const pad = 10;
  const inner = width - 2 * pad;
  let cursor = y + pad;
  /** Writes one heading of the block in its font, size and colour; the next starts `gap` below it. */
  const heading = (font: string, size: number, color: string, text: string, gap: number) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, x + pad, cursor, { width: inner });
    cursor = doc.y + gap;
  };
  heading('SansBold', 16, INK, 'Edifício Aurora', 2);
  heading('Sans', 10, GREY, sheet.company, 14);
  heading('SansBold', 9, INK, 'Notas', 4);
  doc.font('Sans').fontSize(8.5).fillColor(INK);
  (NOTES[sheet.discipline] ?? NOTES.ARQ ?? []).forEach((note, i) => {
    doc.text(`${i + 1}. ${note}`, x + pad, cursor, { width: inner });
    cursor = doc.y + 4;
  });
  // The identification fields at the foot of the block.
  const fields: [string, string][] = [
    ['Título', sheet.title],
    ['Pavimento', levelName],
    ['Disciplina', sheet.discipline],
    ['Escala', sheet.type === 'COR' ? '1:200' : '1:100'],
    ['Revisão', sheet.revision],
    ['Documento', sheet.code],
  ];
  let rowY = y + height - fields.length * 34;
  for (const [label, value] of fields) {
    doc
      .lineWidth(0.6)
      .strokeColor(LIGHT)
      .moveTo(x, rowY)
      .lineTo(x + width, rowY)
      .stroke();
    doc
      .font('Sans')
      .fontSize(7)
      .fillColor(GREY)
      .text(label.toUpperCase(), x + pad, rowY + 4, { width: inner });
    doc
      .font(label === 'Documento' ? 'SansBold' : 'Sans')
      .fontSize(label === 'Documento' ? 8.5 : 10.5)
      .fillColor(INK)
      .text(value, x + pad, rowY + 14, { width: inner, lineBreak: false, ellipsis: true });
    rowY += 34;
  }
}

/**
 * A drawing sheet of the demo's drive as a vector PDF (A3 landscape): the discipline's drawing of the level — plan
 * with rooms and doors, formwork with columns and beams, lighting and sockets, or a building section — and a title
 * block with notes, in an embedded font.
 */
export function demoSheetPdf(sheet: DemoSheetContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    pdfVersion: '1.7',
    info: {
      Title: `${sheet.code} — ${sheet.title}`,
      Author: sheet.company,
      Subject: 'Edifício Aurora',
      Creator: 'Obra demo',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Sans', fontFile('Regular'));
  doc.registerFont('SansBold', fontFile('Bold'));
  doc
    .lineWidth(2)
    .strokeColor(INK)
    .rect(FRAME, FRAME, PAGE.width - 2 * FRAME, PAGE.height - 2 * FRAME)
    .stroke();
  const layout = planLayout(sheet.local);
  if (sheet.type === 'COR') drawSection(doc);
  else {
    const f = fit(layout);
    drawGrid(doc, layout, f);
    if (sheet.discipline === 'EST') {
      drawBeams(doc, layout, f);
      drawColumns(doc, layout, f);
    } else {
      drawRooms(doc, layout.rooms, f, sheet.discipline === 'ARQ');
      if (sheet.discipline === 'ELE') drawLights(doc, layout.rooms, f);
    }
  }
  drawTitleBlock(doc, sheet, layout.levelName);
  doc.end();
  return done;
}
