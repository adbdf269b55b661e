import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Attachment } from './attachment-model.ts';
import { AttachmentsCarousel } from './attachments-carousel.tsx';
import { renderIssueUi } from './issue-test-utils.tsx';

const SLOW = { timeout: 30_000 };

const items: Attachment[] = [
  { key: '3', title: 'memorial.pdf', original: '/files/3/memorial.pdf', index: 2 },
  { key: '1', title: 'planta.png', original: '/files/1/planta.png', index: 0 },
  { key: '2', title: 'visita.mp4', original: '/files/2/visita.mp4', index: 1 },
];

describe('AttachmentsCarousel (editor §3.3, §4.5, §8.1)', SLOW, () => {
  it('says there are no attachments', async () => {
    await renderIssueUi(<AttachmentsCarousel attachments={[]} />);
    expect(await screen.findByTestId('no-attachments')).toHaveTextContent('No attachments.');
  });

  it('shows each attachment by its type and wraps around at both ends', async () => {
    await renderIssueUi(<AttachmentsCarousel attachments={items} />);
    const carousel = await screen.findByTestId('attachments-carousel');
    expect(within(carousel).getByTestId('attachment-image')).toBeInTheDocument();
    expect(within(carousel).getByTestId('attachment-position')).toHaveTextContent('1 / 3');
    const user = userEvent.setup();
    await user.click(within(carousel).getByRole('button', { name: 'Previous attachment' }));
    // Before the first comes the last: a PDF, which cannot be previewed.
    expect(within(carousel).getByTestId('attachment-position')).toHaveTextContent('3 / 3');
    const unavailable = within(carousel).getByTestId('attachment-unavailable');
    expect(unavailable).toHaveTextContent('Preview unavailable');
    expect(within(unavailable).getByRole('link', { name: /Open memorial.pdf/ })).toHaveAttribute(
      'href',
      '/files/3/memorial.pdf',
    );
    await user.click(within(carousel).getByRole('button', { name: 'Next attachment' }));
    // After the last comes the first.
    expect(within(carousel).getByTestId('attachment-position')).toHaveTextContent('1 / 3');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(within(carousel).getByTestId('attachment-position')).toHaveTextContent('2 / 3');
    expect(within(carousel).getByTestId('attachment-video')).toBeInTheDocument();
  });

  it('offers a download link when a video cannot be played', async () => {
    await renderIssueUi(<AttachmentsCarousel attachments={[items[2] as Attachment]} />);
    const video = await screen.findByTestId('attachment-video');
    fireEvent.error(video);
    const fallback = await screen.findByTestId('attachment-media-fallback');
    expect(within(fallback).getByRole('link', { name: /Download visita.mp4/ })).toHaveAttribute(
      'href',
      '/files/2/visita.mp4',
    );
  });

  it('turns an image that fails to load into preview unavailable with a link', async () => {
    await renderIssueUi(
      <AttachmentsCarousel
        attachments={[{ key: 'x', title: 'scan', original: '/files/x/scan', index: 0 }]}
      />,
    );
    fireEvent.error(await screen.findByTestId('attachment-image'));
    expect(await screen.findByTestId('attachment-unavailable')).toHaveTextContent('Preview unavailable');
  });
});
