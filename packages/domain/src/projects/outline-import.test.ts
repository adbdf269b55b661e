import { describe, expect, it } from 'vitest';
import { abbreviationFor, parseCsvOutline, parseNameList, parseOutline } from './outline-import.ts';

const names = (items: { name: string; abbreviation: string; children: unknown[] }[]): unknown =>
  items.map((i) => [i.name, i.abbreviation, names(i.children as never)]);

describe('outline import', () => {
  it('makes abbreviations from names', () => {
    expect(abbreviationFor('Térreo')).toBe('TER');
    expect(abbreviationFor('Torre A')).toBe('TA');
    expect(abbreviationFor('Pavimento 12')).toBe('P12');
    expect(abbreviationFor('Hall')).toBe('HALL');
  });

  it('reads an indented paste into a tree, with tab abbreviations, markers and blank lines ignored', () => {
    const result = parseOutline(
      ['Torre A\tTA', '  Térreo', '    Hall', '  - Pavimento 1', '', 'Torre B', '\tSubsolo\tSS'].join('\n'),
    );
    expect(names(result.items)).toEqual([
      [
        'Torre A',
        'TA',
        [
          ['Térreo', 'TER', [['Hall', 'HALL', []]]],
          ['Pavimento 1', 'P1', []],
        ],
      ],
      ['Torre B', 'TB', [['Subsolo', 'SS', []]]],
    ]);
    expect(result.count).toBe(6);
    expect(result.problems).toEqual([]);
  });

  it('numbers repeated sibling abbreviations and reports lines it cannot take', () => {
    const result = parseOutline(['Bloco 1', 'Bloco 1', 'x'.repeat(200)].join('\n'));
    expect(result.items.map((i) => i.abbreviation)).toEqual(['B1', 'B1-2']);
    expect(result.problems).toEqual([{ line: 3, reason: 'nameTooLong' }]);
  });

  it('reads a CSV with a header (name, abbreviation, parent) and a CSV of paths', () => {
    const withHeader = parseCsvOutline(
      'Nome;Sigla;Pai\nTorre A;TA;\nTérreo;;Torre A\n"Sala ""VIP""";SV;Térreo\n',
    );
    expect(names(withHeader.items)).toEqual([
      ['Torre A', 'TA', [['Térreo', 'TER', [['Sala "VIP"', 'SV', []]]]]],
    ]);
    const paths = parseCsvOutline('\uFEFFTorre A,Térreo,Hall\nTorre A,Térreo,Loja\nTorre B\n');
    expect(names(paths.items)).toEqual([
      [
        'Torre A',
        'TA',
        [
          [
            'Térreo',
            'TER',
            [
              ['Hall', 'HALL', []],
              ['Loja', 'LOJA', []],
            ],
          ],
        ],
      ],
      ['Torre B', 'TB', []],
    ]);
  });

  it('reads a flat list of names once each', () => {
    expect(parseNameList('Interference\n- Task\ninterference\n\nSuggestion;x')).toEqual([
      'Interference',
      'Task',
      'Suggestion',
    ]);
  });
});
