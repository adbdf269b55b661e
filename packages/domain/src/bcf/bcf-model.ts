/**
 * BCF-XML (buildingSMART BIM Collaboration Format) as Obra reads and writes it, independent of the version
 * (2.1 or 3.0; 2.0 reads as 2.1). Strings are kept as the package gave them so that an export of an imported
 * topic writes back what came in. docs/bcf.md has the mapping tables.
 */

/** BCF-XML versions Obra writes. */
export const BCF_VERSIONS = ['2.1', '3.0'] as const;
export type BcfVersion = (typeof BCF_VERSIONS)[number];

export interface BcfPoint {
  x: number;
  y: number;
  z: number;
}

export interface BcfComponent {
  ifcGuid?: string | undefined;
  originatingSystem?: string | undefined;
  authoringToolId?: string | undefined;
}

export interface BcfCamera {
  kind: 'orthogonal' | 'perspective';
  viewPoint: BcfPoint;
  direction: BcfPoint;
  upVector: BcfPoint;
  /** Orthogonal cameras: view to world scale. */
  viewToWorldScale?: number | undefined;
  /** Perspective cameras: field of view in degrees. */
  fieldOfView?: number | undefined;
  /** BCF 3.0 (written as 1 to 3.0 when a 2.1 package did not have it). */
  aspectRatio?: number | undefined;
}

export interface BcfBitmap {
  format: 'png' | 'jpg';
  /** The file name in the topic folder (as read), or a URL. */
  reference: string;
  location: BcfPoint;
  normal: BcfPoint;
  up: BcfPoint;
  height: number;
  /** The image itself (base64), kept when the package carried it (at most BCF_MAX_BITMAP_BYTES). */
  data?: string | undefined;
}

/** The largest bitmap image kept inside a viewpoint. */
export const BCF_MAX_BITMAP_BYTES = 2 * 1024 * 1024;

/** A viewpoint (visinfo): the camera and what it shows. Stored as JSON in issues.viewpoints. */
export interface BcfVisualization {
  guid: string;
  components?:
    | {
        viewSetupHints?:
          | { spacesVisible?: boolean; spaceBoundariesVisible?: boolean; openingsVisible?: boolean }
          | undefined;
        selection: BcfComponent[];
        visibility: { defaultVisibility: boolean; exceptions: BcfComponent[] };
        coloring: { color: string; components: BcfComponent[] }[];
      }
    | undefined;
  camera?: BcfCamera | undefined;
  lines: { start: BcfPoint; end: BcfPoint }[];
  clippingPlanes: { location: BcfPoint; direction: BcfPoint }[];
  bitmaps: BcfBitmap[];
}

/** A topic's viewpoint entry: its visualization, snapshot file and order. */
export interface BcfViewpoint {
  guid: string;
  index?: number | undefined;
  /** The snapshot file name in the package (import), or in the export. */
  snapshot?: string | undefined;
  visualization?: BcfVisualization | undefined;
}

export interface BcfComment {
  guid: string;
  date: string;
  author: string;
  comment: string;
  viewpointGuid?: string | undefined;
  modifiedDate?: string | undefined;
  modifiedAuthor?: string | undefined;
}

export interface BcfDocumentReference {
  guid?: string | undefined;
  /** 3.0: a document of the package's documents.xml. */
  documentGuid?: string | undefined;
  /** 3.0 Url, or 2.1 ReferencedDocument. */
  url?: string | undefined;
  /** 2.1: whether ReferencedDocument is outside the package. */
  isExternal?: boolean | undefined;
  description?: string | undefined;
}

export interface BcfHeaderFile {
  ifcProject?: string | undefined;
  ifcSpatialStructureElement?: string | undefined;
  isExternal?: boolean | undefined;
  filename?: string | undefined;
  date?: string | undefined;
  reference?: string | undefined;
}

export interface BcfTopic {
  guid: string;
  /** The topic's folder in the package it was read from. */
  folder?: string | undefined;
  serverAssignedId?: string | undefined;
  topicType?: string | undefined;
  topicStatus?: string | undefined;
  referenceLinks: string[];
  title: string;
  priority?: string | undefined;
  index?: number | undefined;
  labels: string[];
  creationDate: string;
  creationAuthor: string;
  modifiedDate?: string | undefined;
  modifiedAuthor?: string | undefined;
  dueDate?: string | undefined;
  assignedTo?: string | undefined;
  stage?: string | undefined;
  description?: string | undefined;
  bimSnippet?:
    { snippetType: string; isExternal?: boolean; reference: string; referenceSchema: string } | undefined;
  documentReferences: BcfDocumentReference[];
  relatedTopics: string[];
  headerFiles: BcfHeaderFile[];
  comments: BcfComment[];
  viewpoints: BcfViewpoint[];
}

export interface BcfExtensions {
  topicTypes: string[];
  topicStatuses: string[];
  priorities: string[];
  topicLabels: string[];
  users: string[];
  snippetTypes: string[];
  stages: string[];
}

export interface BcfDocument {
  guid: string;
  filename: string;
  description?: string | undefined;
}

/** A whole package as read (without the binary files, which stay in the archive). */
export interface BcfPackage {
  version: string;
  project?: { projectId: string; name?: string | undefined } | undefined;
  extensions?: BcfExtensions | undefined;
  documents: BcfDocument[];
  topics: BcfTopic[];
  /** Obra's own document (obra-bcf.json), when the package came from Obra. */
  obra?: ObraBcfExtension | undefined;
  /** Topic folders that could not be read, with why. */
  unreadable: { folder: string; reason: string }[];
}

/** The name of Obra's extension document at the root of a package. */
export const OBRA_BCF_EXTENSION_FILE = 'obra-bcf.json';
export const OBRA_BCF_EXTENSION_FORMAT = 'obra-bcf-extension';

/** A discipline's responsibility on a topic, as Obra's extension carries it. */
export interface ObraBcfDiscipline {
  /** The discipline's abbreviation in its project (matched case-insensitively on import). */
  abbreviation: string;
  name: string;
  standardDisciplineId?: number | null | undefined;
  status: string;
  deadline?: string | null | undefined;
}

/** What Obra keeps per topic beyond BCF (docs/bcf.md "Obra's extension"). */
export interface ObraBcfTopicExtension {
  issueId?: number | undefined;
  code?: string | undefined;
  status?: string | undefined;
  priority?: string | undefined;
  visibility?: string | undefined;
  category?: number | null | undefined;
  creationPhase?: number | null | undefined;
  resolutionPhase?: number | null | undefined;
  disciplines: ObraBcfDiscipline[];
  /** Labels Obra added to the BCF labels for other tools (one per discipline); removed on import. */
  disciplineLabels: string[];
}

export interface ObraBcfExtension {
  format: typeof OBRA_BCF_EXTENSION_FORMAT;
  version: 1;
  /** The exporting project's GUID: an import into the same project matches topics by issueId too. */
  projectGuid?: string | undefined;
  topics: Record<string, ObraBcfTopicExtension>;
}
