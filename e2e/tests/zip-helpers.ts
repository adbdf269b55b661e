/** The entries of a zip archive (names and uncompressed sizes), read from its central directory. */
export function zipEntries(zip: Buffer): { name: string; size: number }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    entries.push({ name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'), size });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}
