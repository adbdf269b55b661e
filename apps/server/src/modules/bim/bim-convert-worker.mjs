// The IFC → fragments conversion, run by bim-convert.ts in a child process started at nice 19 (docs/bim.md).
// Plain JavaScript on purpose: the child runs without a TypeScript loader. A process rather than a worker
// thread so that all of the conversion's threads yield to the API: a worker thread can lower its own priority,
// but V8's shared helper threads (WebAssembly compilation of web-ifc, garbage collection), which did most of the
// CPU work of a conversion, belong to the server's process at its priority; a child started under `nice`
// creates every one of its threads at nice 19. Running apart also lets the caller stop a conversion that never
// ends (web-ifc can loop on some broken files).
//
//   node bim-convert-worker.mjs <input.ifc> <outDir> <wasmDir>
// Writes <outDir>/model.frag and <outDir>/properties.json, then <outDir>/result.json: either
// { ok: true, schema, elementCount, bounds, niceness, peakRssMb } or { ok: false, reason, message }
// (niceness: this process's nice value; peakRssMb: its peak resident memory; bounds: boundsOf below).
//   node bim-convert-worker.mjs --bounds <model.frag> <outDir>
// Only reads the bounds of fragments converted before they were recorded: <outDir>/result.json is
// { ok: true, bounds } (bounds null when the model has no geometry).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as WEBIFC from 'web-ifc';
import * as FRAGS from '@thatopen/fragments';

const boundsOnly = process.argv[2] === '--bounds';
const [input, outDir, wasmDir] = process.argv.slice(boundsOnly ? 3 : 2);

/** The spatial structure classes: every other node of the tree is an element. */
const SPATIAL = new Set([
  'IFCPROJECT',
  'IFCSITE',
  'IFCBUILDING',
  'IFCBUILDINGSTOREY',
  'IFCSPACE',
  'IFCFACILITY',
  'IFCFACILITYPART',
  'IFCBRIDGE',
  'IFCROAD',
  'IFCRAILWAY',
  'IFCMARINEFACILITY',
]);

function text(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && 'value' in value) return value.value === null ? null : String(value.value);
  return String(value);
}

/** The tree of web-ifc's spatial structure, with each node's GUID and name, and the element counts by class. */
function describe(api, modelID, root) {
  const classes = {};
  let elements = 0;
  const visit = (node) => {
    const cls = node.type === 'IFCPROJECT' ? 'IfcProject' : String(node.type);
    let guid = null;
    let name = null;
    try {
      const line = api.GetLine(modelID, node.expressID, false, false);
      guid = text(line?.GlobalId);
      name = text(line?.Name);
    } catch {
      // A node whose line cannot be read keeps its class and id.
    }
    const spatial = SPATIAL.has(cls.toUpperCase());
    if (!spatial) {
      elements++;
      classes[cls] = (classes[cls] ?? 0) + 1;
    }
    return {
      id: node.expressID,
      cls,
      guid,
      name,
      spatial,
      children: (node.children ?? []).map(visit),
    };
  };
  const tree = visit(root);
  return { tree, elements, classes };
}

/**
 * The box of a model's elements in IFC world coordinates (Z up, metres, as BCF), and the translation the
 * conversion applied to them (`coordination`, the fragments' `getCoordinates()`, in the viewer's Y-up axes), or
 * null when the model has no geometry. Read through the fragments library's single-threaded model: its virtual
 * model's full box (`getFullBBox`, the union of every sample's box; not part of the library's public types, so
 * a library upgrade that drops it leaves the bounds null, and the viewer its list order).
 */
function boundsOf(fragments) {
  const model = new FRAGS.SingleThreadedFragmentsModel('bounds', fragments);
  try {
    const box = model._virtualModel?.getFullBBox?.();
    if (
      !box ||
      box.isEmpty() ||
      ![box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z].every(Number.isFinite)
    )
      return null;
    const [tx = 0, ty = 0, tz = 0] = model.getCoordinates();
    // The viewer's point v (Y up) is the IFC world point plus the translation; IFC world (x, y, z) Z up is the
    // viewer's (x, -z, y).
    const round = (n) => Math.round(n * 1000) / 1000;
    return {
      min: [round(box.min.x - tx), round(-(box.max.z - tz)), round(box.min.y - ty)],
      max: [round(box.max.x - tx), round(-(box.min.z - tz)), round(box.max.y - ty)],
      coordination: [tx, ty, tz],
    };
  } finally {
    model.dispose();
  }
}

async function readBounds() {
  try {
    return { ok: true, bounds: boundsOf(new Uint8Array(await fs.readFile(input))) };
  } catch (error) {
    return { ok: false, reason: 'conversionFailed', message: String(error?.message ?? error) };
  }
}

async function convert() {
  const bytes = new Uint8Array(await fs.readFile(input));
  const api = new WEBIFC.IfcAPI();
  api.SetWasmPath(wasmDir, true);
  await api.Init();
  api.SetLogLevel(WEBIFC.LogLevel.LOG_LEVEL_OFF);
  let modelID;
  try {
    modelID = api.OpenModel(bytes);
  } catch (error) {
    return { ok: false, reason: 'unreadable', message: String(error?.message ?? error) };
  }
  let schema;
  let described;
  try {
    schema = api.GetModelSchema(modelID);
    if (api.GetLineIDsWithType(modelID, WEBIFC.IFCPROJECT).size() === 0)
      return { ok: false, reason: 'unreadable', message: 'no IfcProject' };
    const root = await api.properties.getSpatialStructure(modelID, false);
    described = describe(api, modelID, root);
  } catch (error) {
    return { ok: false, reason: 'unreadable', message: String(error?.message ?? error) };
  } finally {
    api.CloseModel(modelID);
  }
  let fragments;
  try {
    const importer = new FRAGS.IfcImporter();
    importer.wasm = { path: wasmDir, absolute: true };
    fragments = await importer.process({ bytes, raw: false });
  } catch (error) {
    return { ok: false, reason: 'conversionFailed', message: String(error?.message ?? error) };
  }
  await fs.writeFile(path.join(outDir, 'model.frag'), fragments);
  await fs.writeFile(
    path.join(outDir, 'properties.json'),
    JSON.stringify({
      version: 1,
      schema,
      elementCount: described.elements,
      classes: described.classes,
      tree: described.tree,
    }),
  );
  let bounds = null;
  try {
    bounds = boundsOf(fragments);
  } catch {
    // The model converts without its bounds: the viewer keeps the list order for it.
  }
  return { ok: true, schema, elementCount: described.elements, bounds };
}

const finish = async (result) => {
  await fs.writeFile(
    path.join(outDir, 'result.json'),
    JSON.stringify({
      ...result,
      niceness: os.getPriority(),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
  process.exit(0);
};

(boundsOnly ? readBounds() : convert()).then(finish, (error) =>
  finish({ ok: false, reason: 'conversionFailed', message: String(error?.message ?? error) }),
);
