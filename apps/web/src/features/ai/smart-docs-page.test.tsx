import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    area: 'drive',
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
    area: 'drive',
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

/** Project files: no status, no discipline; versions numbered 1, 2, … */
const FILES: SmartDocsSource[] = [
  {
    area: 'files',
    fileId: 21,
    documentId: 9,
    documentName: 'Ata de reunião 12.pdf',
    fileName: 'Ata de reunião 12.pdf',
    revisionName: '2',
    status: null,
    disciplineId: null,
    disciplineName: null,
    state: 'indexed',
    passageCount: 3,
  },
  {
    area: 'files',
    fileId: 22,
    documentId: 10,
    documentName: 'Memorial.pdf',
    fileName: 'Memorial.pdf',
    revisionName: '1',
    status: null,
    disciplineId: null,
    disciplineName: null,
    state: 'indexed',
    passageCount: 5,
  },
  {
    area: 'files',
    fileId: 23,
    documentId: 11,
    documentName: 'Foto obra.png',
    fileName: 'Foto obra.png',
    revisionName: '1',
    status: null,
    disciplineId: null,
    disciplineName: null,
    state: 'unable',
    passageCount: 0,
  },
];

function Picker({
  onChoice,
  sources = SOURCES,
}: {
  onChoice: (c: SourceChoice) => void;
  sources?: SmartDocsSource[];
}) {
  const [choice, setChoice] = useState<SourceChoice>({ fileIds: [], disciplineIds: [] });
  return (
    <SourcePicker
      sources={sources}
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
                  area: 'drive',
                  fileId: 11,
                  documentId: 5,
                  documentName: 'AUR-ARQ-SPEC',
                  revisionName: 'R01',
                  pageNumber: 14,
                  text: 'Stair doors: 90 minutes.',
                },
                {
                  area: 'files',
                  fileId: 21,
                  documentId: 9,
                  documentName: 'Ata de reunião 12.pdf',
                  revisionName: '2',
                  pageNumber: 3,
                  text: 'The crane leaves on Friday.',
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
    // A project file is cited by its version; the viewer opens it by its document id at that version and page.
    const file = screen.getByRole('link', { name: 'Ata de reunião 12.pdf, version 2, page 3' });
    expect(file.getAttribute('href')).toBe('/workspace/project/3/drive/documents/9?revision=2&page=3');
  });

  it('offers the project files beside the drive: all of them at once or one by one, never by status', async () => {
    const choices: SourceChoice[] = [];
    await renderRoutes(
      [{ path: '/', element: <Picker sources={[...SOURCES, ...FILES]} onChoice={(c) => choices.push(c)} /> }],
      '/',
      fakeSession({ user: READY_USER }),
    );
    const files = within(await screen.findByTestId('smart-docs-project-files'));
    expect(files.getByText('Project files')).toBeTruthy();
    // The photo has no text: it says so and cannot be chosen.
    expect((files.getByLabelText('Foto obra.png (version 1)') as HTMLInputElement).disabled).toBe(true);
    expect(files.getByText('Unable to process your document.')).toBeTruthy();
    fireEvent.click(files.getByLabelText('Ata de reunião 12.pdf (version 2)'));
    expect(choices.at(-1)).toEqual({ fileIds: [21], disciplineIds: [] });
    // Every readable project file at once, and none again.
    fireEvent.click(files.getByLabelText('All project files'));
    expect(choices.at(-1)).toEqual({ fileIds: [21, 22], disciplineIds: [] });
    expect((files.getByLabelText('Memorial.pdf (version 1)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(files.getByLabelText('All project files'));
    expect(choices.at(-1)).toEqual({ fileIds: [], disciplineIds: [] });
    // Adding the drive's Approved documents takes no project file (they have no status).
    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    expect(choices.at(-1)).toEqual({ fileIds: [11], disciplineIds: [] });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approved']);
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
