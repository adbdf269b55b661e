import { describe, expect, it } from 'vitest';
import { issueOfPath, originAllowed, parseHostMessage, targetPath } from './embedding-protocol.ts';

describe('the embedding protocol', () => {
  it('takes messages only from the allowed hosts, exact or by subdomain', () => {
    const hosts = ['https://docs.partner.example', 'https://*.compliance.example'];
    expect(originAllowed('https://docs.partner.example', hosts)).toBe(true);
    expect(originAllowed('https://eu.compliance.example', hosts)).toBe(true);
    expect(originAllowed('https://compliance.example', hosts)).toBe(false);
    expect(originAllowed('http://docs.partner.example', hosts)).toBe(false);
    expect(originAllowed('https://docs.partner.example.evil.example', hosts)).toBe(false);
    expect(originAllowed('https://evil.example', hosts)).toBe(false);
    expect(originAllowed('null', hosts)).toBe(false);
    expect(originAllowed('https://docs.partner.example', [])).toBe(false);
  });

  it('reads what a host may open and turns it into the app’s routes', () => {
    const open = (target: Record<string, unknown>) => {
      const message = parseHostMessage({ type: 'obra:open', target });
      return message?.type === 'obra:open' ? targetPath(message.target) : undefined;
    };
    expect(open({ kind: 'project', projectId: 3 })).toBe('/workspace/project/3/issues');
    expect(open({ kind: 'issue', projectId: 3, issueId: 41 })).toBe('/workspace/project/3/issues/41');
    expect(open({ kind: 'document', projectId: 3, documentId: 9, revision: 'R02', page: 14 })).toBe(
      '/workspace/project/3/drive/documents/9?revision=R02&page=14',
    );
    expect(open({ kind: 'model', projectId: 3, modelId: 5 })).toBe('/workspace/project/3/bim-files/models/5');
    expect(parseHostMessage({ type: 'obra:hello' })).toEqual({ type: 'obra:hello' });
  });

  it('refuses what is not a message of the protocol', () => {
    for (const data of [
      null,
      'obra:open',
      { type: 'obra:eval', code: 'alert(1)' },
      { type: 'obra:open', target: { kind: 'issue', projectId: 3 } },
      { type: 'obra:open', target: { kind: 'issue', projectId: '3', issueId: 4 } },
      { type: 'obra:open', target: { kind: 'project', projectId: -1 } },
      { type: 'obra:open', target: { kind: 'url', projectId: 3, url: 'javascript:alert(1)' } },
    ])
      expect(parseHostMessage(data)).toBeUndefined();
  });

  it('knows the issue a path shows', () => {
    expect(issueOfPath('/workspace/project/3/issues/41')).toEqual({ projectId: 3, issueId: 41 });
    expect(issueOfPath('/workspace/project/3/issues')).toBeUndefined();
  });
});
