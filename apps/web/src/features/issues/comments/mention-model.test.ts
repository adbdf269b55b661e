import { describe, expect, it } from 'vitest';
import {
  activeMention,
  insertMention,
  matchCandidates,
  mentionedIdsIn,
  messageSegments,
  personLabel,
} from './mention-model.ts';

const people = [
  { id: 1, label: 'Ana Silva', email: 'ana@acme.com' },
  { id: 2, label: 'Ana Maria Souza', email: 'am@acme.com' },
  { id: 3, label: 'João Pereira', email: 'joao@obra.com' },
];

describe('mentions', () => {
  it('finds the mention being typed at the caret', () => {
    expect(activeMention('Olá @an', 7)).toEqual({ trigger: '@', query: 'an', start: 4, end: 7 });
    expect(activeMention('@', 1)).toEqual({ trigger: '@', query: '', start: 0, end: 1 });
    expect(activeMention('ver #00', 7)).toEqual({ trigger: '#', query: '00', start: 4, end: 7 });
    expect(activeMention('email@acme', 10)).toBeNull();
    expect(activeMention('@ana depois', 11)).toBeNull();
  });

  it('matches names ignoring accents and case', () => {
    expect(matchCandidates(people, 'joao').map((p) => p.id)).toEqual([3]);
    expect(matchCandidates(people, 'ANA').map((p) => p.id)).toEqual([1, 2]);
    expect(matchCandidates(people, 'obra.com').map((p) => p.id)).toEqual([3]);
  });

  it('inserts the chosen name and keeps only mentions still in the text', () => {
    const mention = activeMention('Olá @an, veja', 7);
    expect(mention).not.toBeNull();
    const inserted = insertMention('Olá @an, veja', mention!, 'Ana Silva');
    expect(inserted).toEqual({ text: 'Olá @Ana Silva , veja', caret: 15 });
    expect(mentionedIdsIn(inserted.text, [people[0]!, people[2]!])).toEqual([1]);
  });

  it('splits a message into text, mentions (longest name first) and issue references', () => {
    const segments = messageSegments('@Ana Maria Souza e @Ana Silva, ver #002.', people, [
      { id: 9, code: '002' },
    ]);
    expect(segments).toEqual([
      { kind: 'mention', text: '@Ana Maria Souza', userId: 2 },
      { kind: 'text', text: ' e ' },
      { kind: 'mention', text: '@Ana Silva', userId: 1 },
      { kind: 'text', text: ', ver ' },
      { kind: 'issue', text: '#002', issueId: 9 },
      { kind: 'text', text: '.' },
    ]);
    expect(messageSegments('a@Ana Silva #999', people, [])).toEqual([
      { kind: 'text', text: 'a@Ana Silva #999' },
    ]);
  });

  it('names a person by name and last name, else e-mail', () => {
    expect(personLabel({ name: 'Ana', lastName: 'Silva', email: 'a@x' })).toBe('Ana Silva');
    expect(personLabel({ name: null, lastName: null, email: 'a@x' })).toBe('a@x');
  });
});
