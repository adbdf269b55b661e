import fs from 'node:fs';

/**
 * Writes an IFC4 file of `count` elements: a project, site, building and one storey holding `count`
 * IfcBuildingElementProxy boxes (1 × 1 × 3 m extrusions sharing one representation) on a square grid, each with
 * its own placement, GUID and name. Streams line by line, so the generator itself holds no model.
 */
export function writeSyntheticIfc(file: string, count: number): void {
  const out = fs.openSync(file, 'w');
  const lines: string[] = [];
  const flush = () => {
    fs.writeSync(out, lines.join('\n') + '\n');
    lines.length = 0;
  };
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
  const guid = (n: number) => {
    let s = '';
    let v = n;
    for (let i = 0; i < 22; i++) {
      s = chars[v % 64] + s;
      v = Math.floor(v / 64);
    }
    return `'${s}'`;
  };
  lines.push(
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');",
    "FILE_NAME('synthetic.ifc','2026-11-26T00:00:00',('obra'),('obra'),'obra bench','obra bench','');",
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    '#1=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);',
    '#2=IFCUNITASSIGNMENT((#1));',
    '#3=IFCCARTESIANPOINT((0.,0.,0.));',
    '#4=IFCAXIS2PLACEMENT3D(#3,$,$);',
    "#5=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);",
    `#6=IFCPROJECT(${guid(1)},$,'Synthetic',$,$,$,$,(#5),#2);`,
    '#7=IFCLOCALPLACEMENT($,#4);',
    `#8=IFCSITE(${guid(2)},$,'Site',$,$,#7,$,$,.ELEMENT.,$,$,$,$,$);`,
    `#9=IFCBUILDING(${guid(3)},$,'Building',$,$,#7,$,$,.ELEMENT.,$,$,$);`,
    `#10=IFCBUILDINGSTOREY(${guid(4)},$,'Level 0',$,$,#7,$,$,.ELEMENT.,0.);`,
    `#11=IFCRELAGGREGATES(${guid(5)},$,$,$,#6,(#8));`,
    `#12=IFCRELAGGREGATES(${guid(6)},$,$,$,#8,(#9));`,
    `#13=IFCRELAGGREGATES(${guid(7)},$,$,$,#9,(#10));`,
    '#14=IFCCARTESIANPOINT((0.,0.));',
    '#15=IFCAXIS2PLACEMENT2D(#14,$);',
    '#16=IFCRECTANGLEPROFILEDEF(.AREA.,$,#15,1.,1.);',
    '#17=IFCDIRECTION((0.,0.,1.));',
    '#18=IFCEXTRUDEDAREASOLID(#16,#4,#17,3.);',
    "#19=IFCSHAPEREPRESENTATION(#5,'Body','SweptSolid',(#18));",
    '#20=IFCPRODUCTDEFINITIONSHAPE($,$,(#19));',
  );
  const side = Math.ceil(Math.sqrt(count));
  let id = 100;
  const elements: number[] = [];
  for (let i = 0; i < count; i++) {
    const x = (i % side) * 2;
    const y = Math.floor(i / side) * 2;
    const point = id++;
    const axis = id++;
    const placement = id++;
    const element = id++;
    lines.push(
      `#${point}=IFCCARTESIANPOINT((${x}.,${y}.,0.));`,
      `#${axis}=IFCAXIS2PLACEMENT3D(#${point},$,$);`,
      `#${placement}=IFCLOCALPLACEMENT(#7,#${axis});`,
      `#${element}=IFCBUILDINGELEMENTPROXY(${guid(1000 + i)},$,'Box ${i}',$,$,#${placement},#20,$,.ELEMENT.);`,
    );
    elements.push(element);
    if (lines.length > 20_000) flush();
  }
  const contained = elements.map((e) => `#${e}`);
  // One containment relation, its list written in chunks of lines (STEP allows line breaks inside a list).
  lines.push(`#${id}=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(8)},$,$,$,(`);
  for (let i = 0; i < contained.length; i += 1000)
    lines.push(contained.slice(i, i + 1000).join(',') + (i + 1000 < contained.length ? ',' : ''));
  lines.push('),#10);', 'ENDSEC;', 'END-ISO-10303-21;');
  flush();
  fs.closeSync(out);
}
