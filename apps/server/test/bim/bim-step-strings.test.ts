import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertIfc, type BimTreeNode } from '../../src/modules/bim/bim-convert.ts';

const MEP = fs.readFileSync(
  path.join(import.meta.dirname, '../../../../fixtures/ifc/bcf-xml/MEP.ifc'),
  'latin1',
);

function byId(root: BimTreeNode, id: number): BimTreeNode | undefined {
  if (root.id === id) return root;
  for (const child of root.children) {
    const found = byId(child, id);
    if (found) return found;
  }
  return undefined;
}

/** MEP.ifc with the Name of one entity (by its #id) replaced by a STEP string, as written in the file. */
function withName(source: string, id: number, name: string): string {
  const pattern = new RegExp(`(#${id}=IFC[A-Z]*\\('[^']*',#\\d+,)'(?:[^']|'')*'`);
  if (!pattern.test(source)) throw new Error(`#${id} not found`);
  return source.replace(pattern, (_m, head: string) => `${head}'${name}'`);
}

describe('IFC STEP string escapes in names', () => {
  it('decodes \\X2\\…\\X0\\, \\X4\\, \\X\\hh, \\S\\, \\PA\\, doubled quotes and backslashes', async () => {
    let source = withName(MEP, 57, String.raw`Caf\S\i \X2\00E700E3\X0\o \X4\0001F600\X0\ it''s \\ x`);
    source = withName(source, 130, String.raw`\PA\\S\i 90\X\B0`);
    const result = await convertIfc(new Uint8Array(Buffer.from(source, 'latin1')));
    if (!result.ok) throw new Error(result.message);
    expect(byId(result.properties.tree, 57)?.name).toBe("Café ção 😀 it's \\ x");
    expect(byId(result.properties.tree, 130)?.name).toBe('é 90°');
  });

  it('keeps what the unmodified fixtures declare, decoded once', async () => {
    const result = await convertIfc(new Uint8Array(Buffer.from(MEP, 'latin1')));
    if (!result.ok) throw new Error(result.message);
    // #57 is written 'Rodinn\X\FD dom'; #130 '3.Nadzemn\X\ED podla~\X\5CX0\X\5C' (an escaped backslash, kept).
    expect(byId(result.properties.tree, 57)?.name).toBe('Rodinný dom');
    expect(byId(result.properties.tree, 130)?.name).toBe('3.Nadzemní podla~\\X0\\');
  });
});
