import sharp from 'sharp';
import rooms from './demo-rooms.json' with { type: 'json' };

/** A floor plan of the demo building, drawn as SVG and rendered to PNG for the demo issues' images. */
export interface DemoDrawing {
  readonly key: string;
  readonly title: string;
  readonly width: number;
  readonly height: number;
  readonly svg: string;
}

/** A markup shape of the demo, in the drawing's pixels (the editor's markup JSON, schema version 2). */
export type DemoShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'circle'; x: number; y: number; radius: number }
  | { kind: 'arrow'; points: [number, number, number, number] }
  | { kind: 'text'; x: number; y: number; text: string };

const WIDTH = 1600;
const HEIGHT = 1000;
const MARGIN = 90;
const AXES_X = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
const AXES_Y = ['1', '2', '3', '4', '5'];

/** A room of a level: its name and cell span on the column grid (x0, y0, x1, y1 in bays). */
export type Room = readonly [string, number, number, number, number];

/** A room of demo-rooms.json (the plans' rooms are data), checked as it is read. */
export function roomOf(level: string, raw: readonly (string | number)[]): Room {
  const [name, x0, y0, x1, y1] = raw;
  if (
    raw.length === 5 &&
    typeof name === 'string' &&
    typeof x0 === 'number' &&
    typeof y0 === 'number' &&
    typeof x1 === 'number' &&
    typeof y1 === 'number'
  )
    return [name, x0, y0, x1, y1];
  throw new Error(`demo-rooms.json: a room of ${level} is not [name, x0, y0, x1, y1]`);
}

/** The rooms of each level. */
const ROOMS: Record<string, readonly Room[]> = Object.fromEntries(
  Object.entries(rooms).map(([level, list]) => [level, list.map((raw) => roomOf(level, raw))]),
);

const LEVEL_NAMES: Record<string, string> = {
  TER: 'Térreo',
  TIPO: 'Pavimento tipo',
  COB: 'Cobertura',
  SS: 'Subsolo',
};

const bayX = (WIDTH - 2 * MARGIN - 200) / (AXES_X.length - 1);
const bayY = (HEIGHT - 2 * MARGIN - 60) / (AXES_Y.length - 1);
const gx = (i: number) => MARGIN + i * bayX;
const gy = (j: number) => MARGIN + j * bayY;

/** A room of a level's plan, in drawing pixels (the plan is WIDTH × HEIGHT). */
export interface PlanRoom {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The geometry of a level's plan in drawing pixels: its size, column axes and rooms (also drawn into PDF sheets). */
export function planLayout(level: string): {
  width: number;
  height: number;
  levelName: string;
  axesX: { label: string; x: number }[];
  axesY: { label: string; y: number }[];
  rooms: PlanRoom[];
} {
  return {
    width: WIDTH,
    height: HEIGHT,
    levelName: LEVEL_NAMES[level] ?? level,
    axesX: AXES_X.map((label, i) => ({ label, x: gx(i) })),
    axesY: AXES_Y.map((label, j) => ({ label, y: gy(j) })),
    rooms: (ROOMS[level] ?? []).map(([name, x0, y0, x1, y1]) => ({
      name,
      x: gx(x0),
      y: gy(y0),
      width: gx(x1) - gx(x0),
      height: gy(y1) - gy(y0),
    })),
  };
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function planSvg(level: string, sheet: string): string {
  const parts: string[] = [];
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`);
  // Column grid with its axes.
  AXES_X.forEach((label, i) => {
    parts.push(
      `<line x1="${gx(i)}" y1="${MARGIN - 40}" x2="${gx(i)}" y2="${gy(AXES_Y.length - 1) + 40}" stroke="#9aa5b1" stroke-width="1" stroke-dasharray="18 6 4 6"/>`,
      `<circle cx="${gx(i)}" cy="${MARGIN - 58}" r="16" fill="none" stroke="#52606d" stroke-width="2"/>`,
      `<text x="${gx(i)}" y="${MARGIN - 52}" font-size="16" text-anchor="middle" fill="#1f2933" font-family="sans-serif">${label}</text>`,
    );
  });
  AXES_Y.forEach((label, j) => {
    parts.push(
      `<line x1="${MARGIN - 40}" y1="${gy(j)}" x2="${gx(AXES_X.length - 1) + 40}" y2="${gy(j)}" stroke="#9aa5b1" stroke-width="1" stroke-dasharray="18 6 4 6"/>`,
      `<circle cx="${MARGIN - 58}" cy="${gy(j)}" r="16" fill="none" stroke="#52606d" stroke-width="2"/>`,
      `<text x="${MARGIN - 58}" y="${gy(j) + 6}" font-size="16" text-anchor="middle" fill="#1f2933" font-family="sans-serif">${label}</text>`,
    );
  });
  // Rooms: thick walls on the grid, names in the middle.
  for (const [name, x0, y0, x1, y1] of ROOMS[level] ?? []) {
    const x = gx(x0);
    const y = gy(y0);
    const w = gx(x1) - x;
    const h = gy(y1) - y;
    parts.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f5f7fa" stroke="#1f2933" stroke-width="8"/>`,
      `<text x="${x + w / 2}" y="${y + h / 2}" font-size="20" text-anchor="middle" fill="#323f4b" font-family="sans-serif">${esc(name)}</text>`,
    );
    // A door on the lower wall of each room.
    parts.push(
      `<rect x="${x + w / 2 - 40}" y="${y + h - 6}" width="80" height="12" fill="#ffffff"/>`,
      `<path d="M ${x + w / 2 - 40} ${y + h} A 80 80 0 0 1 ${x + w / 2 + 40} ${y + h - 70}" fill="none" stroke="#52606d" stroke-width="2"/>`,
    );
  }
  // Columns at every grid crossing.
  AXES_X.slice(0, 7).forEach((_x, i) =>
    AXES_Y.forEach((_y, j) =>
      parts.push(`<rect x="${gx(i) - 12}" y="${gy(j) - 12}" width="24" height="24" fill="#1f2933"/>`),
    ),
  );
  // Title block.
  const tbX = WIDTH - MARGIN - 150;
  parts.push(
    `<rect x="${tbX - 40}" y="${MARGIN - 40}" width="230" height="${HEIGHT - 2 * MARGIN + 40}" fill="#ffffff" stroke="#1f2933" stroke-width="3"/>`,
    `<text x="${tbX + 75}" y="${MARGIN + 10}" font-size="18" text-anchor="middle" font-family="sans-serif" fill="#1f2933">Edifício Aurora</text>`,
    `<text x="${tbX + 75}" y="${MARGIN + 40}" font-size="15" text-anchor="middle" font-family="sans-serif" fill="#52606d">Planta — ${esc(LEVEL_NAMES[level] ?? level)}</text>`,
    `<text x="${tbX + 75}" y="${HEIGHT - MARGIN - 60}" font-size="14" text-anchor="middle" font-family="monospace" fill="#1f2933">${esc(sheet)}</text>`,
    `<text x="${tbX + 75}" y="${HEIGHT - MARGIN - 34}" font-size="13" text-anchor="middle" font-family="sans-serif" fill="#52606d">Escala 1:100</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

/** The four floor plans of the demo building (one per level of the demo project's locations). */
export const DEMO_DRAWINGS: readonly DemoDrawing[] = Object.keys(ROOMS).map((level) => {
  const sheet = `AUR-ARQ-PE-${level}-001-R02`;
  return {
    key: level,
    title: `Planta ${LEVEL_NAMES[level] ?? level} (${sheet})`,
    width: WIDTH,
    height: HEIGHT,
    svg: planSvg(level, sheet),
  };
});

/** The middle of a room of a level, in drawing pixels: where a demo pin lands. */
export function roomCentres(level: string): { x: number; y: number }[] {
  return (ROOMS[level] ?? []).map(([, x0, y0, x1, y1]) => ({
    x: Math.round((gx(x0) + gx(x1)) / 2),
    y: Math.round((gy(y0) + gy(y1)) / 2 + 40),
  }));
}

/** Renders a drawing to PNG. */
export function renderDrawing(drawing: DemoDrawing): Promise<Buffer> {
  return sharp(Buffer.from(drawing.svg)).png({ compressionLevel: 6 }).toBuffer();
}

const RED = '#e03131';

function shapeSvg(shape: DemoShape): string {
  switch (shape.kind) {
    case 'rect':
      return `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}" fill="none" stroke="${RED}" stroke-width="5"/>`;
    case 'circle':
      return `<circle cx="${shape.x}" cy="${shape.y}" r="${shape.radius}" fill="none" stroke="${RED}" stroke-width="5"/>`;
    case 'arrow': {
      const [x1, y1, x2, y2] = shape.points;
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const head = (a: number) => `${x2 - 22 * Math.cos(angle + a)},${y2 - 22 * Math.sin(angle + a)}`;
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${RED}" stroke-width="5"/><polygon points="${x2},${y2} ${head(0.45)} ${head(-0.45)}" fill="${RED}"/>`;
    }
    case 'text':
      return `<text x="${shape.x}" y="${shape.y + 26}" font-size="26" font-family="sans-serif" fill="${RED}">${esc(shape.text)}</text>`;
  }
}

/** The drawing with its markup and pin drawn over it, as the editor's rendering of a marked-up image. */
export async function renderMarkedUp(
  base: Buffer,
  size: { width: number; height: number },
  shapes: readonly DemoShape[],
  pin: { x: number; y: number },
): Promise<Buffer> {
  const pinSvg = `<path d="M ${pin.x} ${pin.y} l -14 -34 a 16 16 0 1 1 28 0 z" fill="${RED}" stroke="#ffffff" stroke-width="3"/>`;
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${shapes.map(shapeSvg).join('')}${pinSvg}</svg>`;
  return sharp(base)
    .composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
    .png({ compressionLevel: 3 })
    .toBuffer();
}

const STYLE = { stroke: RED, fill: null, strokeWidth: 5, opacity: 1 };

/** The markup JSON the editor stores for these shapes and pin (schema version 2, editor's model). */
export function markupDocument(shapes: readonly DemoShape[], pin: { x: number; y: number }): unknown {
  const base = (i: number, name: string) => ({
    id: `demo-${i}`,
    name,
    rotation: 0,
    scaleX: 1,
    scaleY: 1,
    style: STYLE,
  });
  const doc = {
    version: 2,
    rects: [] as unknown[],
    circles: [] as unknown[],
    lines: [] as unknown[],
    arrows: [] as unknown[],
    texts: [] as unknown[],
    pin: { x: pin.x, y: pin.y, color: 'red' },
    viewpoint: null,
  };
  shapes.forEach((s, i) => {
    if (s.kind === 'rect')
      doc.rects.push({
        ...base(i, 'rect'),
        kind: 'rect',
        x: s.x,
        y: s.y,
        width: s.width,
        height: s.height,
        highlight: false,
      });
    else if (s.kind === 'circle')
      doc.circles.push({ ...base(i, 'circle'), kind: 'circle', x: s.x, y: s.y, radius: s.radius });
    else if (s.kind === 'arrow')
      doc.arrows.push({
        ...base(i, 'arrow'),
        kind: 'arrow',
        x: 0,
        y: 0,
        points: [...s.points],
        pointerLength: 22,
        pointerWidth: 20,
      });
    else
      doc.texts.push({
        ...base(i, 'text'),
        kind: 'text',
        x: s.x,
        y: s.y,
        text: s.text,
        fontSize: 26,
        fontFamily: 'sans-serif',
        style: { ...STYLE, fill: RED, strokeWidth: 0 },
      });
  });
  return doc;
}
