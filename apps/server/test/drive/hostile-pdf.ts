import zlib from 'node:zlib';

/** A PDF of one page whose content stream (about 1 MB compressed) inflates to `inflatedMb` MB of drawing operators. */
export async function inflatingPdf(inflatedMb: number): Promise<Buffer> {
  const chunk = Buffer.from('1 0 0 1 0 0 cm\n'.repeat(Math.floor((1024 * 1024) / 15)));
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let sent = 0; sent < inflatedMb * 1024 * 1024; sent += chunk.length)
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  const stream = Buffer.concat(parts);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = chunks[0]?.length ?? 0;
  const push = (b: Buffer) => {
    chunks.push(b);
    at += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(at);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(at);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = at;
  push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
        `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}
