import {
  OBRA_BCF_EXTENSION_FILE,
  type BcfDocument,
  type BcfExtensions,
  type BcfTopic,
  type BcfVersion,
  type ObraBcfExtension,
} from '@obra/domain';
import type { BcfZipWriter } from './bcf-zip.ts';
import {
  documentsXml,
  extensionsXml,
  markupXml,
  projectXml,
  versionXml,
  visinfoXml,
} from './bcf-xml-write.ts';

/** A snapshot to write: its bytes and format. */
export interface BcfSnapshotFile {
  bytes: Buffer;
  extension: 'png' | 'jpg';
}

/** What a package is written from. */
export interface BcfPackageInput {
  version: BcfVersion;
  project: { projectId: string; name: string };
  extensions: BcfExtensions;
  documents: readonly (BcfDocument & { bytes?: Buffer })[];
  topics: readonly BcfTopic[];
  obra?: ObraBcfExtension | undefined;
  now: string;
}

/**
 * Writes a package entry by entry into `zip` (bcf.version, project.bcfp, 3.0 extensions.xml and documents.xml,
 * a folder per topic with markup.bcf, one .bcfv per viewpoint, snapshots and bitmaps, then Obra's extension).
 * `snapshot` is asked for each viewpoint's snapshot when the topic is written, so only one image is in
 * memory at a time.
 */
export async function writeBcfPackage(
  zip: BcfZipWriter,
  input: BcfPackageInput,
  snapshot: (topic: BcfTopic, viewpointGuid: string) => Promise<BcfSnapshotFile | undefined>,
  onTopic?: (done: number, total: number) => void,
): Promise<void> {
  const { version } = input;
  zip.add('bcf.version', versionXml(version));
  zip.add('project.bcfp', projectXml(version, input.project));
  if (version === '3.0') {
    zip.add('extensions.xml', extensionsXml(input.extensions));
    if (input.documents.length > 0) {
      zip.add('documents.xml', documentsXml(input.documents));
      for (const d of input.documents) if (d.bytes) zip.add(`documents/${d.guid}`, d.bytes);
    }
  }
  for (const [index, source] of input.topics.entries()) {
    const viewpoints = [];
    for (const v of source.viewpoints) {
      const file = await snapshot(source, v.guid);
      const name = file ? `${v.guid}.${file.extension}` : undefined;
      if (file && name) zip.add(`${source.guid}/${name}`, file.bytes);
      if (v.visualization) {
        const bitmaps = v.visualization.bitmaps;
        const bitmapName = (i: number) => {
          const b = bitmaps[i];
          return b?.data
            ? `${v.guid}_bitmap_${i}.${b.format}`
            : (b?.reference ?? `${v.guid}_bitmap_${i}.png`);
        };
        zip.add(`${source.guid}/${v.guid}.bcfv`, visinfoXml(version, v.visualization, v.guid, bitmapName));
        for (const [i, b] of bitmaps.entries())
          if (b.data) zip.add(`${source.guid}/${bitmapName(i)}`, Buffer.from(b.data, 'base64'));
      }
      viewpoints.push({ ...v, snapshot: name });
    }
    zip.add(`${source.guid}/markup.bcf`, markupXml(version, { ...source, viewpoints }, input.now));
    onTopic?.(index + 1, input.topics.length);
  }
  if (input.obra) zip.add(OBRA_BCF_EXTENSION_FILE, JSON.stringify(input.obra, null, 2));
}
