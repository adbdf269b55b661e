import type {
  BcfCamera,
  BcfComponent,
  BcfDocument,
  BcfExtensions,
  BcfPoint,
  BcfTopic,
  BcfVersion,
  BcfVisualization,
} from '@obra/domain';

/**
 * Writes BCF-XML 2.1 and 3.0 documents in the element order of the official XSDs (fixtures/bcf/schemas; the
 * tests validate every document written). Elements are written only when they have a value; required
 * elements fall back to a placeholder documented in docs/bcf.md.
 */

function esc(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // Characters XML 1.0 cannot carry are dropped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  );
}

/** An element with text, or nothing when the value is blank (NonEmptyOrBlankString). */
function el(name: string, value: string | number | undefined | null): string {
  if (value === undefined || value === null) return '';
  const s = String(value);
  if (s.trim() === '') return '';
  return `<${name}>${esc(s)}</${name}>`;
}

function attrs(values: Record<string, string | number | boolean | undefined | null>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== '')
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function versionXml(version: BcfVersion): string {
  return version === '3.0'
    ? `${HEAD}<Version VersionId="3.0"/>\n`
    : `${HEAD}<Version VersionId="2.1"><DetailedVersion>2.1</DetailedVersion></Version>\n`;
}

export function projectXml(version: BcfVersion, project: { projectId: string; name: string }): string {
  const inner = `<Project${attrs({ ProjectId: project.projectId })}>${el('Name', project.name)}</Project>`;
  return version === '3.0'
    ? `${HEAD}<ProjectInfo>${inner}</ProjectInfo>\n`
    : `${HEAD}<ProjectExtension>${inner}<ExtensionSchema></ExtensionSchema></ProjectExtension>\n`;
}

export function extensionsXml(ext: BcfExtensions): string {
  const list = (outer: string, inner: string, values: readonly string[]) =>
    `<${outer}>${[...new Set(values.filter((v) => v.trim() !== ''))].map((v) => el(inner, v)).join('')}</${outer}>`;
  return (
    `${HEAD}<Extensions>` +
    list('TopicTypes', 'TopicType', ext.topicTypes) +
    list('TopicStatuses', 'TopicStatus', ext.topicStatuses) +
    list('Priorities', 'Priority', ext.priorities) +
    list('TopicLabels', 'TopicLabel', ext.topicLabels) +
    list('Users', 'User', ext.users) +
    list('SnippetTypes', 'SnippetType', ext.snippetTypes) +
    list('Stages', 'Stage', ext.stages) +
    `</Extensions>\n`
  );
}

export function documentsXml(documents: readonly BcfDocument[]): string {
  return (
    `${HEAD}<DocumentInfo><Documents>` +
    documents
      .map(
        (d) =>
          `<Document${attrs({ Guid: d.guid })}>${el('Filename', d.filename || d.guid)}${el('Description', d.description)}</Document>`,
      )
      .join('') +
    `</Documents></DocumentInfo>\n`
  );
}

/** xs:dateTime: a value that does not read as a date becomes the fallback. */
function dateTime(value: string | undefined, fallback: string): string {
  if (value && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  return fallback;
}

/** The markup.bcf of a topic; `snapshots` names each viewpoint's snapshot file when it has one. */
export function markupXml(version: BcfVersion, topic: BcfTopic, now: string): string {
  const v3 = version === '3.0';
  const created = dateTime(topic.creationDate, now);
  const files = topic.headerFiles
    .map((f) => {
      const a = attrs({
        IfcProject: f.ifcProject,
        IfcSpatialStructureElement: f.ifcSpatialStructureElement,
        [v3 ? 'IsExternal' : 'isExternal']: f.isExternal,
      });
      return `<File${a}>${el('Filename', f.filename)}${f.date ? el('Date', dateTime(f.date, now)) : ''}${el('Reference', f.reference)}</File>`;
    })
    .join('');
  const header = files ? `<Header>${v3 ? `<Files>${files}</Files>` : files}</Header>` : '';
  const labels = topic.labels.filter((l) => l.trim() !== '');
  const docs = topic.documentReferences
    .map((d) => {
      if (v3) {
        const inner = d.documentGuid ? el('DocumentGuid', d.documentGuid) : el('Url', d.url ?? 'about:blank');
        return `<DocumentReference${attrs({ Guid: d.guid })}>${inner}${el('Description', d.description)}</DocumentReference>`;
      }
      return `<DocumentReference${attrs({ Guid: d.guid, isExternal: d.isExternal ?? (d.url ? true : undefined) })}>${el('ReferencedDocument', d.url ?? (d.documentGuid ? `documents/${d.documentGuid}` : undefined))}${el('Description', d.description)}</DocumentReference>`;
    })
    .join('');
  const related = topic.relatedTopics.map((g) => `<RelatedTopic Guid="${esc(g)}"/>`).join('');
  const snippet = topic.bimSnippet
    ? `<BimSnippet${attrs({ SnippetType: topic.bimSnippet.snippetType, [v3 ? 'IsExternal' : 'isExternal']: topic.bimSnippet.isExternal })}>${el('Reference', topic.bimSnippet.reference || 'none')}${el('ReferenceSchema', topic.bimSnippet.referenceSchema || 'none')}</BimSnippet>`
    : '';
  const comments = topic.comments
    .map(
      (c) =>
        `<Comment${attrs({ Guid: c.guid })}>${el('Date', dateTime(c.date, now))}${el('Author', c.author || 'unknown')}` +
        (v3 ? el('Comment', c.comment) : `<Comment>${esc(c.comment)}</Comment>`) +
        (c.viewpointGuid ? `<Viewpoint Guid="${esc(c.viewpointGuid)}"/>` : '') +
        (c.modifiedDate ? el('ModifiedDate', dateTime(c.modifiedDate, now)) : '') +
        el('ModifiedAuthor', c.modifiedDate ? c.modifiedAuthor : undefined) +
        `</Comment>`,
    )
    .join('');
  const viewpoints = topic.viewpoints
    .map(
      (v) =>
        `<${v3 ? 'ViewPoint' : 'Viewpoints'}${attrs({ Guid: v.guid })}>${el('Viewpoint', v.visualization ? `${v.guid}.bcfv` : undefined)}${el('Snapshot', v.snapshot)}${el('Index', v.index)}</${v3 ? 'ViewPoint' : 'Viewpoints'}>`,
    )
    .join('');
  const topicAttrs = attrs({
    Guid: topic.guid,
    ...(v3 ? { ServerAssignedId: topic.serverAssignedId } : {}),
    // Required in 3.0, optional in 2.1.
    TopicType: topic.topicType || (v3 ? 'Issue' : undefined),
    TopicStatus: topic.topicStatus || (v3 ? 'Open' : undefined),
  });
  const body =
    (v3
      ? topic.referenceLinks.length
        ? `<ReferenceLinks>${topic.referenceLinks.map((l) => el('ReferenceLink', l)).join('')}</ReferenceLinks>`
        : ''
      : topic.referenceLinks.map((l) => el('ReferenceLink', l)).join('')) +
    `<Title>${esc(topic.title.trim() || '-')}</Title>` +
    el('Priority', topic.priority) +
    el('Index', topic.index) +
    (v3
      ? labels.length
        ? `<Labels>${labels.map((l) => el('Label', l)).join('')}</Labels>`
        : ''
      : labels.map((l) => el('Labels', l)).join('')) +
    el('CreationDate', created) +
    el('CreationAuthor', topic.creationAuthor || 'unknown') +
    (topic.modifiedDate ? el('ModifiedDate', dateTime(topic.modifiedDate, now)) : '') +
    el('ModifiedAuthor', topic.modifiedDate ? topic.modifiedAuthor : undefined) +
    (topic.dueDate ? el('DueDate', dateTime(topic.dueDate, `${topic.dueDate.slice(0, 10)}T00:00:00Z`)) : '') +
    el('AssignedTo', topic.assignedTo) +
    el('Stage', topic.stage) +
    el('Description', topic.description) +
    snippet +
    (v3 ? (docs ? `<DocumentReferences>${docs}</DocumentReferences>` : '') : docs) +
    (v3 ? (related ? `<RelatedTopics>${related}</RelatedTopics>` : '') : related) +
    (v3 && comments ? `<Comments>${comments}</Comments>` : '') +
    (v3 && viewpoints ? `<Viewpoints>${viewpoints}</Viewpoints>` : '');
  return (
    `${HEAD}<Markup>${header}<Topic${topicAttrs}>${body}</Topic>` +
    (v3 ? '' : comments + viewpoints) +
    `</Markup>\n`
  );
}

function pointXml(name: string, p: BcfPoint): string {
  return `<${name}><X>${num(p.x)}</X><Y>${num(p.y)}</Y><Z>${num(p.z)}</Z></${name}>`;
}

function num(value: number): string {
  return Number.isFinite(value) ? String(value) : '0';
}

function componentXml(c: BcfComponent): string {
  return `<Component${attrs({ IfcGuid: c.ifcGuid })}>${el('OriginatingSystem', c.originatingSystem)}${el('AuthoringToolId', c.authoringToolId)}</Component>`;
}

function cameraXml(version: BcfVersion, camera: BcfCamera): string {
  const v3 = version === '3.0';
  const common =
    pointXml('CameraViewPoint', camera.viewPoint) +
    pointXml('CameraDirection', camera.direction) +
    pointXml('CameraUpVector', camera.upVector);
  const aspect = v3
    ? `<AspectRatio>${num(camera.aspectRatio && camera.aspectRatio > 0 ? camera.aspectRatio : 1)}</AspectRatio>`
    : '';
  if (camera.kind === 'orthogonal')
    return `<OrthogonalCamera>${common}<ViewToWorldScale>${num(camera.viewToWorldScale ?? 1)}</ViewToWorldScale>${aspect}</OrthogonalCamera>`;
  // 2.1 allows 45–60 degrees, 3.0 anything in (0, 180).
  const fov = Math.min(Math.max(camera.fieldOfView ?? 60, v3 ? 0.0001 : 45), v3 ? 179.9999 : 60);
  return `<PerspectiveCamera>${common}<FieldOfView>${num(fov)}</FieldOfView>${aspect}</PerspectiveCamera>`;
}

/** Colours: RGB or ARGB hex, written upper-case (2.1 allows only upper-case digits). */
function colorOf(value: string): string {
  const hex = value.replace(/^#/, '').toUpperCase();
  return /^([0-9A-F]{6}|[0-9A-F]{8})$/.test(hex) ? hex : 'FF0000';
}

/** A viewpoint's visinfo document; `bitmapName` gives the file each bitmap is written under. */
export function visinfoXml(
  version: BcfVersion,
  vis: BcfVisualization,
  guid: string,
  bitmapName: (index: number) => string,
): string {
  const v3 = version === '3.0';
  let components = '';
  if (vis.components) {
    const c = vis.components;
    const hints = c.viewSetupHints
      ? `<ViewSetupHints${attrs({
          SpacesVisible: c.viewSetupHints.spacesVisible ?? false,
          SpaceBoundariesVisible: c.viewSetupHints.spaceBoundariesVisible ?? false,
          OpeningsVisible: c.viewSetupHints.openingsVisible ?? false,
        })}/>`
      : '';
    const selection = c.selection.length
      ? `<Selection>${c.selection.map(componentXml).join('')}</Selection>`
      : '';
    const exceptions = c.visibility.exceptions.length
      ? `<Exceptions>${c.visibility.exceptions.map(componentXml).join('')}</Exceptions>`
      : '';
    const visibility = `<Visibility DefaultVisibility="${c.visibility.defaultVisibility}">${v3 ? hints : ''}${exceptions}</Visibility>`;
    const colors = c.coloring.filter((color) => color.components.length > 0);
    const coloring = colors.length
      ? `<Coloring>${colors
          .map(
            (color) =>
              `<Color Color="${colorOf(color.color)}">${v3 ? `<Components>${color.components.map(componentXml).join('')}</Components>` : color.components.map(componentXml).join('')}</Color>`,
          )
          .join('')}</Coloring>`
      : '';
    components = `<Components>${v3 ? '' : hints}${selection}${visibility}${coloring}</Components>`;
  }
  const camera = vis.camera
    ? cameraXml(version, vis.camera)
    : v3
      ? cameraXml(version, {
          kind: 'perspective',
          viewPoint: { x: 0, y: 0, z: 0 },
          direction: { x: 1, y: 0, z: 0 },
          upVector: { x: 0, y: 0, z: 1 },
          fieldOfView: 60,
        })
      : '';
  const lines = vis.lines.length
    ? `<Lines>${vis.lines.map((l) => `<Line>${pointXml('StartPoint', l.start)}${pointXml('EndPoint', l.end)}</Line>`).join('')}</Lines>`
    : '';
  const planes = vis.clippingPlanes.length
    ? `<ClippingPlanes>${vis.clippingPlanes.map((p) => `<ClippingPlane>${pointXml('Location', p.location)}${pointXml('Direction', p.direction)}</ClippingPlane>`).join('')}</ClippingPlanes>`
    : '';
  const bitmaps = vis.bitmaps
    .map((b, i) => {
      const format = v3 ? el('Format', b.format) : el('Bitmap', b.format.toUpperCase());
      return `<Bitmap>${format}${el('Reference', bitmapName(i))}${pointXml('Location', b.location)}${pointXml('Normal', b.normal)}${pointXml('Up', b.up)}<Height>${num(b.height)}</Height></Bitmap>`;
    })
    .join('');
  return (
    `${HEAD}<VisualizationInfo Guid="${esc(guid)}">${components}${camera}${lines}${planes}` +
    (v3 ? (bitmaps ? `<Bitmaps>${bitmaps}</Bitmaps>` : '') : bitmaps) +
    `</VisualizationInfo>\n`
  );
}
