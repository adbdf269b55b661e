import { describe, expect, it } from 'vitest';
import { thumbnailUrls } from '../../lib/offline/project-sync.ts';
import { formatBytes } from './offline-size.ts';

describe('formatBytes', () => {
  it('shows sizes in B, kB, MB and GB, one decimal below ten', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(1024 * 1024 * 1024)).toBe('1.0 GB');
  });
});

describe('thumbnailUrls', () => {
  it("collects the list's covers and the images' marked-up thumbnails, nothing else", () => {
    const answer = {
      getIssues: {
        issues: [
          { id: 1, cover: '/files/a?s=1' },
          { id: 2, cover: null },
        ],
      },
      issue: {
        images: [{ original: '/files/big', markedUpThumb: '/files/t1?s=2' }],
        comments: [{ images: [{ original: '/files/c', markedUpThumb: '/files/t2?s=3' }] }],
      },
    };
    expect([...thumbnailUrls(answer)].sort()).toEqual(['/files/a?s=1', '/files/t1?s=2', '/files/t2?s=3']);
  });
});
