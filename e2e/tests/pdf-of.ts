// Test and benchmark PDFs made with pdfkit (the journeys' sheets, the benchmarks' drawing sets): one place that
// turns pdfkit's stream into bytes.
import PDFDocument from 'pdfkit';

/** A PDF made by `draw` on a new pdfkit document (`options` as pdfkit takes them); answers its bytes. */
export function pdfOf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** A seeded random in [0, 1), so that every run draws the same sheets. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
