import { describe, expect, it } from 'vitest';
import { badgeText, projectInitials, projectSections } from './project-sections.ts';

describe('badgeText (editor §9)', () => {
  it('shows the number up to 99 and 99+ above', () => {
    expect([0, 1, 99, 100, 2500].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });
});

describe('projectSections', () => {
  const cards = [
    { id: 1, name: 'Torre Sul', status: 1, starred: false },
    { id: 2, name: 'Edifício Sol', status: 1, starred: true },
    { id: 3, name: 'Armazém', status: 0, starred: false },
    { id: 4, name: 'Casa Azul', status: 0, starred: true },
    { id: 5, name: 'Bloco B', status: 1, starred: false },
  ];

  it('puts starred projects first whatever their status, then active and inactive, by name', () => {
    const sections = projectSections(cards, '');
    expect(sections.starred.map((c) => c.id)).toEqual([4, 2]);
    expect(sections.active.map((c) => c.id)).toEqual([5, 1]);
    expect(sections.inactive.map((c) => c.id)).toEqual([3]);
  });

  it('filters by name ignoring accents and case', () => {
    const sections = projectSections(cards, 'EDIFICIO');
    expect(sections.starred.map((c) => c.id)).toEqual([2]);
    expect(sections.active).toEqual([]);
    expect(projectSections(cards, 'armazem').inactive.map((c) => c.id)).toEqual([3]);
  });

  it('gives initials for projects without an image', () => {
    expect(projectInitials('residencial aurora norte')).toBe('RA');
    expect(projectInitials('Sol')).toBe('S');
  });
});
