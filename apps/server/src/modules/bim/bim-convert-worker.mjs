// The IFC → fragments conversion, run in a worker thread by bim-convert.ts (docs/bim.md). Plain JavaScript on
// purpose: a worker thread does not inherit a TypeScript loader everywhere (the test runner's workers), and
// running apart lets the caller stop a conversion that never ends (web-ifc can loop on some broken files).
//
// In: workerData { bytes: Uint8Array, wasmDir: string }. Out: one message, either
// { ok: true, schema, fragments: Uint8Array, properties, niceness } or { ok: false, reason, message }
// (niceness: the worker thread's nice value, 19 on Linux).
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import * as WEBIFC from 'web-ifc';
import * as FRAGS from '@thatopen/fragments';

// The conversion yields to the server: on Linux a nice value belongs to a thread, so lowering this worker's
// own (setpriority on the calling thread) leaves the API's event loop at its priority while a model converts.
// Elsewhere the call would lower the whole process, so it is made on Linux only.
let niceness = 0;
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
    niceness = os.getPriority();
  } catch {
    niceness = 0;
  }
}

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

async function convert() {
  const { bytes, wasmDir } = workerData;
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
  return {
    ok: true,
    schema,
    fragments,
    properties: {
      version: 1,
      schema,
      elementCount: described.elements,
      classes: described.classes,
      tree: described.tree,
    },
  };
}

convert().then(
  (result) => parentPort.postMessage({ ...result, niceness }, result.ok ? [result.fragments.buffer] : []),
  (error) =>
    parentPort.postMessage({
      ok: false,
      reason: 'conversionFailed',
      message: String(error?.message ?? error),
    }),
);
