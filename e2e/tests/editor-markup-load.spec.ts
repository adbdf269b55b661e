import { expect, test } from '../fixtures.ts';
import { openShowroom, save } from './editor-helpers.ts';

test.describe('markup editor: loading saved markup', () => {
  test('migrates version-1 markup and drops damaged items without crashing', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const legacy = {
      rects: [
        { id: 1, x: 100, y: 100, width: 200, height: 100, stroke: 'blue' },
        { id: 'broken', x: 'left' },
      ],
      circles: 'not a list',
      texts: [{ id: 't', x: 300, y: 300, text: 'old note', fill: 'red' }],
      pin: { x: 50, y: 60, color: 'grey' },
    };
    await openShowroom(page, `?markup=${encodeURIComponent(JSON.stringify(legacy))}`);
    await expect(page.getByRole('status')).toContainText(
      '2 damaged markup items could not be read and were left out.',
    );
    const { markUp, pin } = await save(page);
    expect(markUp.version).toBe(2);
    expect(markUp.rects).toEqual([
      expect.objectContaining({ id: '1', width: 200, style: expect.objectContaining({ stroke: 'blue' }) }),
    ]);
    expect(markUp.texts[0]?.text).toBe('old note');
    expect(pin).toEqual({ x: 50, y: 60, color: 'grey' });
    expect(errors).toEqual([]);
  });

  test('opens unreadable markup as an empty editor with a notice', async ({ page }) => {
    await openShowroom(page, `?markup=${encodeURIComponent('{"rects": [')}`);
    await expect(page.getByRole('status')).toContainText('The saved markup could not be read');
    const { markUp } = await save(page);
    expect(markUp.rects).toEqual([]);
  });
});
