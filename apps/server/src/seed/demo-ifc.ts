import { createHash } from 'node:crypto';
import { planLayout } from './demo-drawings.ts';

/**
 * The demo building as IFC4 models, generated from the same levels and rooms as the demo's drawings
 * (`planLayout`): architecture (walls, doors, rooms), structure (columns, beams, slabs) and air conditioning
 * (ducts, diffusers). Every element is named as the project names it, so the viewer's tree reads like the project;
 * two clashes are built in on purpose (a column in the façade wall, a duct through a beam) for the demo's 3D issues.
 */

/** The disciplines of the demo's models. */
export type DemoModelDiscipline = 'ARQ' | 'EST' | 'HVAC';

/** An element of a generated model that the demo refers to (its 3D issues). */
export interface DemoIfcElement {
  guid: string;
  /** Express id: also the element's local id in the converted fragments. */
  localId: number;
  cls: string;
  name: string;
  /** The centre of the element's box in IFC world coordinates (Z up, metres). */
  centre: { x: number; y: number; z: number };
}

export interface DemoIfcModel {
  discipline: DemoModelDiscipline;
  /** The STEP file (ISO-10303-21, ASCII with IFC's \X2\ escapes). */
  text: string;
  /** Elements by a stable key ("column:TER:P1", "door:TER:Recepção", "duct:TIPO:clash", …). */
  elements: Map<string, DemoIfcElement>;
}

/** The levels of the demo project (its locations), bottom up: code, name, elevation and height in metres. */
export const DEMO_STOREYS = [
  { code: 'SS', name: 'Subsolo', elevation: -3.0, height: 3.0 },
  { code: 'TER', name: 'Térreo', elevation: 0.0, height: 4.5 },
  { code: 'TIPO', name: 'Pavimento tipo', elevation: 4.5, height: 3.0 },
  { code: 'COB', name: 'Cobertura', elevation: 7.5, height: 3.0 },
] as const;

/** Bay sizes of the column grid, in metres (the drawings' axes A–G and 1–5). */
const BAY_X = 6.0;
const BAY_Y = 5.0;
const WALL = 0.2;
const COLUMN = 0.4;
const BEAM = { width: 0.2, depth: 0.5 };
const SLAB = 0.15;

const GUID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** IFC's 22-character GlobalId of 128 bits, derived from a stable name (the same model gets the same ids). */
export function ifcGuid(seed: string): string {
  const bytes = createHash('sha256').update(seed).digest().subarray(0, 16);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  const chars: string[] = [];
  for (let i = 0; i < 22; i++) {
    chars.unshift(GUID_ALPHABET[Number(n & 63n)]!);
    n >>= 6n;
  }
  return chars.join('');
}

/** A STEP string literal: quotes doubled, backslashes escaped, anything beyond ASCII as \X2\hhhh\X0\. */
export function stepString(value: string): string {
  let out = '';
  let wide = '';
  const flush = () => {
    if (wide) out += `\\X2\\${wide}\\X0\\`;
    wide = '';
  };
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 32 && code <= 126) {
      flush();
      out += ch === "'" ? "''" : ch === '\\' ? '\\\\' : ch;
    } else if (code <= 0xffff) wide += code.toString(16).toUpperCase().padStart(4, '0');
    else {
      // Outside the basic plane: a surrogate pair, as UTF-16 (\X2\ is UTF-16 code units).
      const high = Math.floor((code - 0x10000) / 0x400) + 0xd800;
      const low = ((code - 0x10000) % 0x400) + 0xdc00;
      wide += high.toString(16).toUpperCase() + low.toString(16).toUpperCase();
    }
  }
  flush();
  return `'${out}'`;
}

const num = (v: number): string => {
  const s = (Math.round(v * 1e6) / 1e6).toString();
  return s.includes('.') || s.includes('e') ? s : `${s}.`;
};

/** A STEP file being written: entities numbered in order. */
class StepWriter {
  private readonly lines: string[] = [];
  private next = 1;
  add(entity: string): number {
    const id = this.next++;
    this.lines.push(`#${id}=${entity};`);
    return id;
  }
  file(name: string): string {
    return [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
      `FILE_NAME(${stepString(name)},'2026-01-01T00:00:00',('Obra'),('Obra demo'),'Obra demo seed','Obra','');`,
      "FILE_SCHEMA(('IFC4'));",
      'ENDSEC;',
      'DATA;',
      ...this.lines,
      'ENDSEC;',
      'END-ISO-10303-21;',
      '',
    ].join('\n');
  }
}

interface Box {
  /** Centre in plan and bottom, relative to the storey. */
  x: number;
  y: number;
  z: number;
  dx: number;
  dy: number;
  dz: number;
}

/** One model of the demo building: project, site, building and storeys, then the discipline's elements. */
class ModelBuilder {
  readonly w = new StepWriter();
  readonly elements = new Map<string, DemoIfcElement>();
  private readonly zAxis: number;
  private readonly xAxis: number;
  private readonly origin: number;
  private readonly body: number;
  private readonly identity: number;
  private readonly storeyPlacements = new Map<string, number>();
  private readonly contained = new Map<string, number[]>();
  private readonly storeyIds = new Map<string, number>();
  private readonly buildingId: number;

  constructor(private readonly discipline: DemoModelDiscipline) {
    const w = this.w;
    this.origin = w.add('IFCCARTESIANPOINT((0.,0.,0.))');
    this.zAxis = w.add('IFCDIRECTION((0.,0.,1.))');
    this.xAxis = w.add('IFCDIRECTION((1.,0.,0.))');
    this.identity = w.add(`IFCAXIS2PLACEMENT3D(#${this.origin},#${this.zAxis},#${this.xAxis})`);
    const north = w.add('IFCDIRECTION((0.,1.))');
    const context = w.add(
      `IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#${this.identity},#${north})`,
    );
    this.body = w.add(
      `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#${context},$,.MODEL_VIEW.,$)`,
    );
    const units = [
      w.add('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)'),
      w.add('IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.)'),
      w.add('IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.)'),
      w.add('IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)'),
    ];
    const unitAssignment = w.add(`IFCUNITASSIGNMENT((${units.map((u) => `#${u}`).join(',')}))`);
    const title = { ARQ: 'Arquitetura', EST: 'Estrutura', HVAC: 'Climatização' }[discipline];
    const project = w.add(
      `IFCPROJECT('${ifcGuid(`${discipline}:project`)}',$,${stepString('Edifício Aurora')},${stepString(`Modelo de ${title}`)},$,$,$,(#${context}),#${unitAssignment})`,
    );
    const sitePlacement = w.add(`IFCLOCALPLACEMENT($,#${this.identity})`);
    const site = w.add(
      `IFCSITE('${ifcGuid(`${discipline}:site`)}',$,${stepString('Terreno')},$,$,#${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`,
    );
    const buildingPlacement = w.add(`IFCLOCALPLACEMENT(#${sitePlacement},#${this.identity})`);
    this.buildingId = w.add(
      `IFCBUILDING('${ifcGuid(`${discipline}:building`)}',$,${stepString('Torre A')},$,$,#${buildingPlacement},$,$,.ELEMENT.,$,$,$)`,
    );
    w.add(`IFCRELAGGREGATES('${ifcGuid(`${discipline}:agg:project`)}',$,$,$,#${project},(#${site}))`);
    w.add(`IFCRELAGGREGATES('${ifcGuid(`${discipline}:agg:site`)}',$,$,$,#${site},(#${this.buildingId}))`);
    for (const storey of DEMO_STOREYS) {
      const point = w.add(`IFCCARTESIANPOINT((0.,0.,${num(storey.elevation)}))`);
      const axes = w.add(`IFCAXIS2PLACEMENT3D(#${point},#${this.zAxis},#${this.xAxis})`);
      const placement = w.add(`IFCLOCALPLACEMENT(#${buildingPlacement},#${axes})`);
      const id = w.add(
        `IFCBUILDINGSTOREY('${ifcGuid(`${discipline}:storey:${storey.code}`)}',$,${stepString(storey.name)},$,$,#${placement},$,${stepString(storey.code)},.ELEMENT.,${num(storey.elevation)})`,
      );
      this.storeyPlacements.set(storey.code, placement);
      this.storeyIds.set(storey.code, id);
      this.contained.set(storey.code, []);
    }
    w.add(
      `IFCRELAGGREGATES('${ifcGuid(`${discipline}:agg:building`)}',$,$,$,#${this.buildingId},(${[...this.storeyIds.values()].map((i) => `#${i}`).join(',')}))`,
    );
  }

  /** A box-shaped element (extruded rectangle) contained in a storey. */
  element(
    key: string,
    storey: (typeof DEMO_STOREYS)[number],
    entity: (guid: string, name: string, placement: number, shape: number) => string,
    cls: string,
    name: string,
    box: Box,
  ): number {
    const w = this.w;
    const point = w.add(`IFCCARTESIANPOINT((${num(box.x)},${num(box.y)},${num(box.z)}))`);
    const axes = w.add(`IFCAXIS2PLACEMENT3D(#${point},#${this.zAxis},#${this.xAxis})`);
    const placement = w.add(`IFCLOCALPLACEMENT(#${this.storeyPlacements.get(storey.code)},#${axes})`);
    const profileOrigin = w.add('IFCCARTESIANPOINT((0.,0.))');
    const profileAxes = w.add(`IFCAXIS2PLACEMENT2D(#${profileOrigin},$)`);
    const profile = w.add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,#${profileAxes},${num(box.dx)},${num(box.dy)})`);
    const solid = w.add(`IFCEXTRUDEDAREASOLID(#${profile},#${this.identity},#${this.zAxis},${num(box.dz)})`);
    w.add(`IFCSTYLEDITEM(#${solid},(#${this.style(COLOURS[cls] ?? COLOURS['default']!)}),$)`);
    const representation = w.add(`IFCSHAPEREPRESENTATION(#${this.body},'Body','SweptSolid',(#${solid}))`);
    const shape = w.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${representation}))`);
    const guid = ifcGuid(`${this.discipline}:${key}`);
    const id = w.add(entity(guid, stepString(name), placement, shape));
    this.contained.get(storey.code)!.push(id);
    this.elements.set(key, {
      guid,
      localId: id,
      cls,
      name,
      centre: {
        x: box.x,
        y: box.y,
        z: storey.elevation + box.z + box.dz / 2,
      },
    });
    return id;
  }

  private readonly styles = new Map<string, number>();

  /** A surface style of one colour (shared by every element of that colour). */
  private style(colour: { name: string; rgb: readonly [number, number, number] }): number {
    const known = this.styles.get(colour.name);
    if (known !== undefined) return known;
    const [r, g, b] = colour.rgb;
    const rgb = this.w.add(`IFCCOLOURRGB($,${num(r)},${num(g)},${num(b)})`);
    const shading = this.w.add(`IFCSURFACESTYLESHADING(#${rgb},0.)`);
    const id = this.w.add(`IFCSURFACESTYLE(${stepString(colour.name)},.BOTH.,(#${shading}))`);
    this.styles.set(colour.name, id);
    return id;
  }

  /** A room (IfcSpace, no geometry so it never hides the elements) under its storey. */
  spaces(storey: (typeof DEMO_STOREYS)[number], names: readonly string[]): void {
    const ids = names.map((name) =>
      this.w.add(
        `IFCSPACE('${ifcGuid(`${this.discipline}:space:${storey.code}:${name}`)}',$,${stepString(name)},$,$,#${this.storeyPlacements.get(storey.code)},$,${stepString(name)},.ELEMENT.,.INTERNAL.,$)`,
      ),
    );
    if (ids.length > 0)
      this.w.add(
        `IFCRELAGGREGATES('${ifcGuid(`${this.discipline}:agg:spaces:${storey.code}`)}',$,$,$,#${this.storeyIds.get(storey.code)},(${ids.map((i) => `#${i}`).join(',')}))`,
      );
  }

  /** A property set on elements (e.g. Pset_DoorCommon). */
  properties(
    key: string,
    elementIds: readonly number[],
    set: string,
    values: Record<string, string | boolean>,
  ): void {
    if (elementIds.length === 0) return;
    const props = Object.entries(values).map(([name, value]) =>
      this.w.add(
        `IFCPROPERTYSINGLEVALUE(${stepString(name)},$,${typeof value === 'boolean' ? `IFCBOOLEAN(.${value ? 'T' : 'F'}.)` : `IFCLABEL(${stepString(value)})`},$)`,
      ),
    );
    const pset = this.w.add(
      `IFCPROPERTYSET('${ifcGuid(`${this.discipline}:pset:${key}`)}',$,${stepString(set)},$,(${props.map((p) => `#${p}`).join(',')}))`,
    );
    this.w.add(
      `IFCRELDEFINESBYPROPERTIES('${ifcGuid(`${this.discipline}:rel:${key}`)}',$,$,$,(${elementIds.map((i) => `#${i}`).join(',')}),#${pset})`,
    );
  }

  finish(fileName: string): DemoIfcModel {
    for (const storey of DEMO_STOREYS) {
      const ids = this.contained.get(storey.code) ?? [];
      if (ids.length === 0) continue;
      this.w.add(
        `IFCRELCONTAINEDINSPATIALSTRUCTURE('${ifcGuid(`${this.discipline}:contains:${storey.code}`)}',$,$,$,(${ids.map((i) => `#${i}`).join(',')}),#${this.storeyIds.get(storey.code)})`,
      );
    }
    return { discipline: this.discipline, text: this.w.file(fileName), elements: this.elements };
  }
}

/** The colours the viewer shows each class in (RGB from 0 to 1). */
const COLOURS: Record<string, { name: string; rgb: readonly [number, number, number] }> = {
  IfcWall: { name: 'Alvenaria rebocada', rgb: [0.86, 0.83, 0.77] },
  IfcDoor: { name: 'Madeira', rgb: [0.55, 0.38, 0.24] },
  IfcColumn: { name: 'Concreto', rgb: [0.62, 0.63, 0.64] },
  IfcBeam: { name: 'Concreto', rgb: [0.62, 0.63, 0.64] },
  IfcSlab: { name: 'Concreto laje', rgb: [0.72, 0.73, 0.74] },
  IfcDuctSegment: { name: 'Chapa galvanizada', rgb: [0.25, 0.52, 0.85] },
  IfcAirTerminal: { name: 'Alumínio', rgb: [0.85, 0.88, 0.92] },
  default: { name: 'Neutro', rgb: [0.8, 0.8, 0.8] },
};

const AXES_X = 'ABCDEFG';
const axisX = (i: number) => i * BAY_X;
const axisY = (j: number) => -j * BAY_Y;

/** A level's rooms on the grid: names and bay spans (from the drawings' layout). */
function roomsOf(level: string): { name: string; x0: number; y0: number; x1: number; y1: number }[] {
  const layout = planLayout(level);
  const xs = layout.axesX.map((a) => a.x);
  const ys = layout.axesY.map((a) => a.y);
  const bayOf = (values: number[], v: number) => values.findIndex((a) => Math.abs(a - v) < 0.5);
  return layout.rooms.map((r) => ({
    name: r.name,
    x0: bayOf(xs, r.x),
    y0: bayOf(ys, r.y),
    x1: bayOf(xs, r.x + r.width),
    y1: bayOf(ys, r.y + r.height),
  }));
}

/** Walls of a level: the rooms' edges on the grid, shared edges once, merged into runs along each axis. */
function wallRuns(
  level: string,
): { axis: 'x' | 'y'; at: number; from: number; to: number; facade: boolean }[] {
  const rooms = roomsOf(level);
  if (rooms.length === 0) return [];
  const units = new Set<string>();
  for (const r of rooms) {
    for (let i = r.x0; i < r.x1; i++) units.add(`x:${r.y0}:${i}`).add(`x:${r.y1}:${i}`);
    for (let j = r.y0; j < r.y1; j++) units.add(`y:${r.x0}:${j}`).add(`y:${r.x1}:${j}`);
  }
  const minX = Math.min(...rooms.map((r) => r.x0));
  const maxX = Math.max(...rooms.map((r) => r.x1));
  const minY = Math.min(...rooms.map((r) => r.y0));
  const maxY = Math.max(...rooms.map((r) => r.y1));
  const runs: { axis: 'x' | 'y'; at: number; from: number; to: number; facade: boolean }[] = [];
  for (const axis of ['x', 'y'] as const) {
    const lines = new Map<number, number[]>();
    for (const u of units) {
      const [a, at, i] = u.split(':');
      if (a !== axis) continue;
      const list = lines.get(Number(at)) ?? [];
      list.push(Number(i));
      lines.set(Number(at), list);
    }
    for (const [at, cells] of [...lines.entries()].sort((p, q) => p[0] - q[0])) {
      cells.sort((p, q) => p - q);
      let start = cells[0]!;
      let prev = start;
      const facade = axis === 'x' ? at === minY || at === maxY : at === minX || at === maxX;
      for (const c of [...cells.slice(1), Number.NaN]) {
        if (c === prev + 1) {
          prev = c;
          continue;
        }
        runs.push({ axis, at, from: start, to: prev + 1, facade });
        start = c;
        prev = c;
      }
    }
  }
  return runs;
}

function architecture(): DemoIfcModel {
  const m = new ModelBuilder('ARQ');
  for (const storey of DEMO_STOREYS) {
    const rooms = roomsOf(storey.code);
    m.spaces(
      storey,
      rooms.map((r) => r.name),
    );
    let n = 1;
    for (const run of wallRuns(storey.code)) {
      const label =
        run.axis === 'x'
          ? `eixo ${run.at + 1} (${AXES_X[run.from]}–${AXES_X[run.to]})`
          : `eixo ${AXES_X[run.at]} (${run.from + 1}–${run.to + 1})`;
      const name = `${run.facade ? 'Parede de fachada' : 'Parede interna'} — ${label}`;
      const box: Box =
        run.axis === 'x'
          ? {
              x: (axisX(run.from) + axisX(run.to)) / 2,
              y: axisY(run.at),
              z: 0,
              dx: axisX(run.to) - axisX(run.from),
              dy: WALL,
              dz: storey.height - BEAM.depth,
            }
          : {
              x: axisX(run.at),
              y: (axisY(run.from) + axisY(run.to)) / 2,
              z: 0,
              dx: WALL,
              dy: axisY(run.from) - axisY(run.to),
              dz: storey.height - BEAM.depth,
            };
      const key = `wall:${storey.code}:${run.axis}${run.at}:${run.from}-${run.to}`;
      m.element(
        key,
        storey,
        (guid, nm, pl, sh) =>
          `IFCWALL('${guid}',$,${nm},$,$,#${pl},#${sh},${stepString(`W${n}`)},.STANDARD.)`,
        'IfcWall',
        name,
        box,
      );
      n += 1;
    }
    // A door in the lower wall of each room, 0.9 × 2.1 m; the stair doors are fire doors.
    const stairDoors: number[] = [];
    const otherDoors: number[] = [];
    rooms.forEach((room, i) => {
      const tag = `P-${storey.code}-${String(i + 1).padStart(2, '0')}`;
      const id = m.element(
        `door:${storey.code}:${room.name}`,
        storey,
        (guid, nm, pl, sh) =>
          `IFCDOOR('${guid}',$,${nm},$,$,#${pl},#${sh},${stepString(tag)},2.1,0.9,.DOOR.,.SINGLE_SWING_LEFT.,$)`,
        'IfcDoor',
        `Porta ${tag} — ${room.name}`,
        {
          x: (axisX(room.x0) + axisX(room.x1)) / 2,
          y: axisY(room.y1),
          z: 0,
          dx: 0.9,
          dy: WALL + 0.04,
          dz: 2.1,
        },
      );
      (room.name.startsWith('Escada') ? stairDoors : otherDoors).push(id);
    });
    m.properties(`doors-fire:${storey.code}`, stairDoors, 'Pset_DoorCommon', {
      FireRating: 'P-90',
      IsExternal: false,
      SelfClosing: true,
    });
    m.properties(`doors:${storey.code}`, otherDoors, 'Pset_DoorCommon', { IsExternal: false });
  }
  return m.finish('Edificio-Aurora-ARQ.ifc');
}

function structure(): DemoIfcModel {
  const m = new ModelBuilder('EST');
  for (const storey of DEMO_STOREYS) {
    const rooms = roomsOf(storey.code);
    const maxX = Math.max(...rooms.map((r) => r.x1));
    const maxY = Math.max(...rooms.map((r) => r.y1));
    let n = 1;
    for (let j = 0; j <= maxY; j++)
      for (let i = 0; i <= maxX; i++) {
        const name = `P${n}`;
        // P1 stands 10 cm out of the grid, into the façade wall: the demo's clash.
        const offset = n === 1 ? 0.1 : 0;
        m.element(
          `column:${storey.code}:${name}`,
          storey,
          (guid, nm, pl, sh) => `IFCCOLUMN('${guid}',$,${nm},$,$,#${pl},#${sh},${stepString(name)},.COLUMN.)`,
          'IfcColumn',
          `Pilar ${name} (${AXES_X[i]}${j + 1}) — ${storey.name}`,
          { x: axisX(i) - offset, y: axisY(j), z: 0, dx: COLUMN, dy: COLUMN, dz: storey.height - SLAB },
        );
        n += 1;
      }
    for (let j = 0; j <= maxY; j++) {
      const name = `V${j + 1}`;
      m.element(
        `beam:${storey.code}:${name}`,
        storey,
        (guid, nm, pl, sh) => `IFCBEAM('${guid}',$,${nm},$,$,#${pl},#${sh},${stepString(name)},.BEAM.)`,
        'IfcBeam',
        `Viga ${name} (20×50, eixo ${j + 1}) — ${storey.name}`,
        {
          x: axisX(maxX) / 2,
          y: axisY(j),
          z: storey.height - BEAM.depth,
          dx: axisX(maxX) + COLUMN,
          dy: BEAM.width,
          dz: BEAM.depth - SLAB,
        },
      );
    }
    m.element(
      `slab:${storey.code}`,
      storey,
      (guid, nm, pl, sh) =>
        `IFCSLAB('${guid}',$,${nm},$,$,#${pl},#${sh},${stepString(`L-${storey.code}`)},.FLOOR.)`,
      'IfcSlab',
      `Laje do ${storey.name.toLowerCase()} (h = 15 cm)`,
      {
        x: axisX(maxX) / 2,
        y: axisY(maxY) / 2,
        z: storey.height - SLAB,
        dx: axisX(maxX) + COLUMN,
        dy: -axisY(maxY) + COLUMN,
        dz: SLAB,
      },
    );
  }
  return m.finish('Edificio-Aurora-EST.ifc');
}

function airConditioning(): DemoIfcModel {
  const m = new ModelBuilder('HVAC');
  const storey = DEMO_STOREYS.find((s) => s.code === 'TIPO')!;
  const rooms = roomsOf(storey.code);
  const maxX = Math.max(...rooms.map((r) => r.x1));
  const underBeams = storey.height - BEAM.depth;
  const duct = { width: 0.6, height: 0.35 };
  // The main duct runs between axes 2 and 3, under the beams with 5 cm to spare.
  const mainY = (axisY(1) + axisY(2)) / 2;
  m.element(
    `duct:${storey.code}:main`,
    storey,
    (guid, nm, pl, sh) => `IFCDUCTSEGMENT('${guid}',$,${nm},$,$,#${pl},#${sh},'DT-01',.RIGIDSEGMENT.)`,
    'IfcDuctSegment',
    'Duto de insuflamento DT-01 (600×350)',
    {
      x: axisX(maxX) / 2,
      y: mainY,
      z: underBeams - duct.height - 0.05,
      dx: axisX(maxX) - 2,
      dy: duct.width,
      dz: duct.height,
    },
  );
  // A branch towards axis 4 drawn 20 cm too high: it crosses beam V3 on axis 3 (the demo's clash).
  const branchX = axisX(3) + 1.5;
  m.element(
    `duct:${storey.code}:clash`,
    storey,
    (guid, nm, pl, sh) => `IFCDUCTSEGMENT('${guid}',$,${nm},$,$,#${pl},#${sh},'DT-02',.RIGIDSEGMENT.)`,
    'IfcDuctSegment',
    'Duto de insuflamento DT-02 (400×300)',
    {
      x: branchX,
      y: (mainY + axisY(3)) / 2 - 1,
      z: underBeams - 0.3 + 0.2,
      dx: 0.4,
      dy: mainY - axisY(3) + 2,
      dz: 0.3,
    },
  );
  rooms.forEach((room, i) => {
    m.element(
      `diffuser:${storey.code}:${room.name}`,
      storey,
      (guid, nm, pl, sh) =>
        `IFCAIRTERMINAL('${guid}',$,${nm},$,$,#${pl},#${sh},${stepString(`DF-${String(i + 1).padStart(2, '0')}`)},.DIFFUSER.)`,
      'IfcAirTerminal',
      `Difusor DF-${String(i + 1).padStart(2, '0')} — ${room.name}`,
      {
        x: (axisX(room.x0) + axisX(room.x1)) / 2,
        y: (axisY(room.y0) + axisY(room.y1)) / 2,
        z: underBeams - 0.6,
        dx: 0.6,
        dy: 0.6,
        dz: 0.1,
      },
    );
  });
  return m.finish('Edificio-Aurora-HVAC.ifc');
}

/** The demo building's three models. */
export function demoIfcModels(): DemoIfcModel[] {
  return [architecture(), structure(), airConditioning()];
}
