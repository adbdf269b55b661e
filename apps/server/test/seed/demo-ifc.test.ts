import { describe, expect, it } from 'vitest';
import { convertIfc, type BimTreeNode } from '../../src/modules/bim/bim-convert.ts';
import { DEMO_STOREYS, demoIfcModels, ifcGuid, stepString } from '../../src/seed/demo-ifc.ts';

function nodes(root: BimTreeNode): BimTreeNode[] {
  const all: BimTreeNode[] = [];
  const walk = (n: BimTreeNode) => {
    all.push(n);
    n.children.forEach(walk);
  };
  walk(root);
  return all;
}

describe('the demo building as IFC', () => {
  it('writes IFC strings and GUIDs as the standard says', () => {
    expect(stepString("Edifício d'Aurora")).toBe("'Edif\\X2\\00ED\\X0\\cio d''Aurora'");
    expect(stepString('Área — 1')).toBe("'\\X2\\00C1\\X0\\rea \\X2\\2014\\X0\\ 1'");
    const guid = ifcGuid('x');
    expect(guid).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(ifcGuid('x')).toBe(guid);
    expect(ifcGuid('y')).not.toBe(guid);
  });

  it("converts to models whose tree is the project's: its building, levels and rooms, every element named", async () => {
    const models = demoIfcModels();
    expect(models.map((m) => m.discipline)).toEqual(['ARQ', 'EST', 'HVAC']);
    for (const model of models) {
      const result = await convertIfc(new Uint8Array(Buffer.from(model.text, 'latin1')));
      if (!result.ok) throw new Error(`${model.discipline}: ${result.reason} ${result.message}`);
      expect(result.schema).toBe('IFC4');
      const { tree } = result.properties;
      expect(tree).toMatchObject({ cls: 'IfcProject', name: 'Edifício Aurora' });
      const all = nodes(tree);
      const storeys = all.filter((n) => n.cls === 'IfcBuildingStorey').map((n) => n.name);
      expect(storeys).toEqual(DEMO_STOREYS.map((s) => s.name));
      expect(all.find((n) => n.cls === 'IfcBuilding')?.name).toBe('Torre A');
      const elements = all.filter((n) => !n.spatial);
      expect(elements.length).toBe(model.elements.size);
      expect(result.properties.elementCount).toBe(model.elements.size);
      // No unnamed item anywhere in the tree.
      expect(all.filter((n) => !n.name)).toEqual([]);
      // The elements the demo's issues point at are there, under their GUID, id and class.
      for (const element of model.elements.values())
        expect(all).toContainEqual(
          expect.objectContaining({
            id: element.localId,
            guid: element.guid,
            cls: element.cls,
            name: element.name,
          }),
        );
      expect(result.bounds).not.toBeNull();
      if (model.discipline === 'ARQ') {
        const rooms = all.filter((n) => n.cls === 'IfcSpace').map((n) => n.name);
        expect(rooms).toEqual(
          expect.arrayContaining(['Recepção', 'Salão de festas', 'Apto 01 — Dormitório']),
        );
      }
    }
  });

  it('builds in the clashes of the demo issues: column P1 in the façade wall, duct DT-02 through beam V3', () => {
    const [arq, est, hvac] = demoIfcModels();
    const column = est!.elements.get('column:TER:P1')!;
    const facade = [...arq!.elements.entries()].find(([key]) => key.startsWith('wall:TER:y0:'))![1];
    expect(facade.name).toMatch(/^Parede de fachada/);
    expect(Math.abs(column.centre.x - facade.centre.x)).toBeLessThan(0.3);
    const duct = hvac!.elements.get('duct:TIPO:clash')!;
    const beam = est!.elements.get('beam:TIPO:V3')!;
    expect(duct.cls).toBe('IfcDuctSegment');
    expect(beam.name).toContain('V3');
    // The beam's box (0.2 × 0.35 m) and the duct's (0.3 m high) overlap in height.
    expect(Math.abs(duct.centre.z - beam.centre.z)).toBeLessThan((0.3 + 0.35) / 2);
    expect(arq!.elements.get('door:TER:Escada / Elevadores')?.name).toBe(
      'Porta P-TER-04 — Escada / Elevadores',
    );
  });
});
