import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import {
  PassageList,
  SmartDocsPage,
  SourcePicker,
  type SmartDocsSource,
  type SourceChoice,
} from './smart-docs-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SOURCES: SmartDocsSource[] = [
  {
    fileId: 11,
    documentId: 5,
    documentName: 'AUR-ARQ-SPEC',
    fileName: 'AUR-ARQ-SPEC-R01.pdf',
    revisionName: 'R01',
    status: 'APPROVED',
    disciplineId: 7,
    disciplineName: 'ARQ · Architecture',
    state: 'indexed',
    passageCount: 12,
  },
  {
    fileId: 12,
    documentId: 6,
    documentName: 'AUR-ARQ-SCAN',
    fileName: 'AUR-ARQ-SCAN-R00.pdf',
    revisionName: 'R00',
    status: 'APPROVED',
    disciplineId: 7,
    disciplineName: 'ARQ · Architecture',
    state: 'unable',
    passageCount: 0,
  },
];

function Picker({ onChoice }: { onChoice: (c: SourceChoice) => void }) {
  const [choice, setChoice] = useState<SourceChoice>({ fileIds: [], disciplineIds: [] });
  return (
    <SourcePicker
      sources={SOURCES}
      choice={choice}
      onChange={(c) => {
        setChoice(c);
        onChoice(c);
      }}
    />
  );
}

describe('Smart Docs', () => {
  it('cites each passage with document, revision and page, linking the viewer at that page', async () => {
    await renderRoutes(
      [
        {
          path: '/',
          element: (
            <PassageList
              projectId={3}
              passages={[
                {
                  fileId: 11,
                  documentId: 5,
                  documentName: 'AUR-ARQ-SPEC',
                  revisionName: 'R01',
                  pageNumber: 14,
                  text: 'Stair doors: 90 minutes.',
                },
              ]}
            />
          ),
        },
      ],
      '/',
      fakeSession({ user: READY_USER }),
    );
    const link = await screen.findByRole('link', { name: 'AUR-ARQ-SPEC, revision R01, page 14' });
    expect(link.getAttribute('href')).toBe('/workspace/project/3/drive/documents/5?revision=R01&page=14');
    expect(screen.getByText('Stair doors: 90 minutes.')).toBeTruthy();
  });

  it('chooses sources by status, one by one or by discipline; a document without text says so and cannot be chosen', async () => {
    const choices: SourceChoice[] = [];
    await renderRoutes(
      [{ path: '/', element: <Picker onChoice={(c) => choices.push(c)} /> }],
      '/',
      fakeSession({ user: READY_USER }),
    );
    expect(await screen.findByText('Unable to process your document.')).toBeTruthy();
    expect((screen.getByLabelText('AUR-ARQ-SCAN (R00)') as HTMLInputElement).disabled).toBe(true);
    // By status: the readable documents of that status.
    fireEvent.click(await screen.findByRole('button', { name: 'Approved' }));
    expect(choices.at(-1)).toEqual({ fileIds: [11], disciplineIds: [] });
    fireEvent.click(screen.getByLabelText('AUR-ARQ-SPEC (R01)'));
    expect(choices.at(-1)).toEqual({ fileIds: [], disciplineIds: [] });
    fireEvent.click(screen.getByLabelText('AUR-ARQ-SPEC (R01)'));
    expect(choices.at(-1)).toEqual({ fileIds: [11], disciplineIds: [] });
    fireEvent.click(screen.getByLabelText('ARQ · Architecture'));
    expect(choices.at(-1)).toEqual({ fileIds: [11], disciplineIds: [7] });
  });

  it('sends users without the assistant home, and shows the disclaimer once before the page', async () => {
    stubAuthFetch(
      {},
      { AiStatus: { data: { aiStatus: { configured: false, available: false, canManage: false } } } },
    );
    const routes = [
      { path: '/smart-docs', element: <SmartDocsPage /> },
      { path: '/workspace/home', element: <p>home</p> },
    ];
    await renderRoutes(routes, '/smart-docs', fakeSession({ user: READY_USER }));
    expect(await screen.findByText('home')).toBeTruthy();
    await renderRoutes(routes, '/smart-docs', fakeSession({ user: { ...READY_USER, hasAiAssistant: true } }));
    await waitFor(() => expect(screen.getByTestId('ai-disclaimer')).toBeTruthy());
  });
});
