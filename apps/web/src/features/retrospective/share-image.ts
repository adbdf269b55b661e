import type { RetrospectiveData } from './use-retrospective.ts';

/** The texts the shared image shows, already translated. */
export interface ShareTexts {
  title: string;
  stats: { label: string; value: string }[];
  ranks: string[];
  rankingTitle: string;
  footer: string;
}

const WIDTH = 1080;
const HEIGHT = 1080;

/**
 * Draws the retrospective's card on a canvas (1080 × 1080, the size social networks show square) and answers it
 * as a PNG. Everything is drawn here from the numbers, so the image is the same in every theme.
 */
export async function renderRetrospectivePng(
  data: RetrospectiveData,
  texts: ShareTexts,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): Promise<Blob> {
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  const gradient = g.createLinearGradient(0, 0, WIDTH, HEIGHT);
  gradient.addColorStop(0, '#1c3d6e');
  gradient.addColorStop(1, '#2f7a6b');
  g.fillStyle = gradient;
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.fillStyle = '#ffffff';
  g.textBaseline = 'top';
  g.font = 'bold 64px sans-serif';
  g.fillText(texts.title, 72, 72, WIDTH - 144);
  texts.stats.forEach((stat, i) => {
    const x = 72 + (i % 2) * 480;
    const y = 200 + Math.floor(i / 2) * 190;
    g.font = 'bold 96px sans-serif';
    g.fillText(stat.value, x, y, 440);
    g.font = '32px sans-serif';
    g.fillText(stat.label, x, y + 108, 440);
  });
  let y = 600;
  g.font = 'bold 36px sans-serif';
  for (const rank of texts.ranks) {
    g.fillText(rank, 72, y, WIDTH - 144);
    y += 52;
  }
  y += 20;
  g.font = 'bold 32px sans-serif';
  g.fillText(texts.rankingTitle, 72, y, WIDTH - 144);
  y += 48;
  g.font = '30px sans-serif';
  data.projectRanking.slice(0, 3).forEach((project, i) => {
    g.fillText(`${i + 1}. ${project.name} — ${project.interactions}`, 72, y, WIDTH - 144);
    y += 44;
  });
  g.font = '28px sans-serif';
  g.fillText(texts.footer, 72, HEIGHT - 100, WIDTH - 144);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('image not made'))), 'image/png'),
  );
}

/** Shares the image through the device's share sheet when it takes files, else downloads it. */
export async function shareOrDownload(
  blob: Blob,
  fileName: string,
  title: string,
): Promise<'shared' | 'downloaded'> {
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      // The person closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}
