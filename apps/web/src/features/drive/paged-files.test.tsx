import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileThumb } from './paged-files.tsx';

describe('FileThumb', () => {
  it('shows the thumbnail when there is one, else an icon', () => {
    const { rerender, container } = render(
      <FileThumb file={{ thumbnailUrl: '/t.webp', extension: 'png' }} testId="thumb" />,
    );
    expect(screen.getByTestId('thumb').getAttribute('src')).toBe('/t.webp');
    rerender(<FileThumb file={{ thumbnailUrl: null, extension: 'pdf' }} testId="thumb" />);
    expect(screen.queryByTestId('thumb')).toBeNull();
    expect(container.querySelector('[aria-hidden] svg')).not.toBeNull();
  });
});
