// Smart Docs and the assistant at size (issue 31, "Done when": the benchmark). One in-process server (PGlite, or a
// fresh PostgreSQL database copied from the test template when DATABASE_URL is set), a drive project of PDFs of N
// pages in all, then:
//  1. Indexing: the PDFs (generated with pdfkit, as the Smart Docs tests make theirs) go through the drive's real
//     upload path (create, PUT, confirm-upload), so the real drive.pdfPrepare job (pdf.js in a child process, the
//     page previews) and then the smartDocs.index job run. Timed from pg-boss's own job rows (first start to last
//     completion of each queue) and with the process's CPU (its children's included). Then the index job's function
//     (runSmartDocsIndex) is run again by itself on every revision, one after another as the job's single worker
//     does: the index's own pages/s, without the preparation in front of it.
//  2. Retrieval: M questions as a partner (a collaborator company in one discipline: the drive's visibility SQL runs,
//     a quarter of the documents are hidden from them) over every discipline, through searchSmartDocs (the service the
//     smartDocsSearch resolver calls), through GraphQL over HTTP, and as one hand-written statement run on the
//     database executor (the bare SQL: same rows, same order; checked).
//  3. The assistant: K turns in-process (sendAiMessage, then streamAiAnswer to its end) and K through the API (the
//     mutation over HTTP, the aiAnswer subscription on one graphql-ws connection, as the page does), half of them
//     with a tool round (search_issues over the project's generated issues). The model is the tests' scripted
//     OpenAI-protocol server behind a timing proxy that records, for each request, from its arrival to the end of
//     its response: the turn's overhead is the turn's time minus the time the model server spent.
// Run: npm run smart-docs -w @obra/bench -- [pages=2000] [queries=200] [turns=50]
//      (smart-docs:pg for PostgreSQL; or SMART_DOCS_PAGES, SMART_DOCS_QUERIES, SMART_DOCS_TURNS,
//      SMART_DOCS_PAGES_PER_PDF (50), SMART_DOCS_ISSUES (1000)).
import fs from 'node:fs';
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { buildDriveWorld, uploadFile } from '../../apps/server/test/drive/drive-test-kit.ts';
import { enableAssistant, SEND } from '../../apps/server/test/ai/ai-test-kit.ts';
import { SEARCH, textPdf } from '../../apps/server/test/smart-docs/smart-docs-test-kit.ts';
import { call } from '../../apps/server/test/projects/project-test-kit.ts';
import { resolveActor } from '../../apps/server/src/auth/actor-resolver.ts';
import { searchSmartDocs } from '../../apps/server/src/modules/smart-docs/smart-docs-service.ts';
import { runSmartDocsIndex } from '../../apps/server/src/modules/smart-docs/smart-docs-index-service.ts';
import { searchTerms } from '../../apps/server/src/modules/smart-docs/smart-docs-passages.ts';
import { sendAiMessage, streamAiAnswer } from '../../apps/server/src/modules/ai/ai-chat-service.ts';
import { summarize, type Summary } from '../issues/bench-stats.ts';
import { generateIssues } from '../issues/generate-issues.ts';
import { TOOL_MARK } from './scripted-model.ts';

/** A size from the command line (its position), else the environment, else the default. */
function size(position: number | null, env: string, fallback: number): number {
  const value = Number(
    (position === null ? undefined : process.argv[position]) ?? process.env[env] ?? fallback,
  );
  if (!Number.isInteger(value) || value < 1) throw new Error(`${env}: a positive whole number, not ${value}`);
  return value;
}

const PAGES = size(2, 'SMART_DOCS_PAGES', 2000);
const QUERIES = size(3, 'SMART_DOCS_QUERIES', 200);
const TURNS = size(4, 'SMART_DOCS_TURNS', 50);
const PAGES_PER_PDF = size(null, 'SMART_DOCS_PAGES_PER_PDF', 50);
const ISSUES = size(null, 'SMART_DOCS_ISSUES', 1000);
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const loadAtStart = os.loadavg();
console.log(
  `Smart Docs and assistant bench on ${database}: ${PAGES} pages (${PAGES_PER_PDF} a PDF), ${QUERIES} questions, ` +
    `${TURNS} turns a path; ${os.cpus().length} CPUs, Node ${process.version}; load average at start ` +
    loadAtStart.map((l) => l.toFixed(2)).join(' '),
);

// ---------------------------------------------------------------------------------------------------------------
// The documents' text: construction specifications, reproducible (a seeded generator), varied enough that ranking
// has something to tell apart.

function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

const ELEMENTS = [
  'stair doors',
  'fire doors',
  'ground floor slab',
  'transfer beam',
  'columns of the podium',
  'basement retaining wall',
  'curtain wall',
  'ventilated facade',
  'roof parapet',
  'lift shaft',
  'smoke extraction duct',
  'sprinkler mains',
  'electrical risers',
  'cable trays',
  'sewage pipes',
  'rainwater downpipes',
  'precast stair flights',
  'steel canopy',
  'raised access floor',
  'suspended ceiling',
  'plasterboard partitions',
  'balcony handrails',
  'expansion joints',
  'pile caps',
];
const LEVELS = [
  'level 1',
  'level 2',
  'level 3',
  'level 4',
  'the basement',
  'the ground floor',
  'the roof',
  'the podium',
  'tower A',
  'tower B',
];
const MATERIALS = [
  'C35 concrete',
  'C40 concrete',
  'galvanised steel',
  'stainless steel 316',
  'laminated glass',
  'mineral wool',
  'polished granite',
  'porcelain tiles',
  'EPDM membrane',
  'bituminous membrane',
  'fibre cement boards',
  'aluminium composite panels',
  'HDPE pipes',
  'ductile iron',
];
const TRADES = [
  'the structural contractor',
  'the facade subcontractor',
  'the MEP contractor',
  'the electrical partner',
  'the fire protection installer',
  'the architect',
  'the site engineer',
  'the client representative',
];
const SENTENCES: readonly ((r: ReturnType<typeof random>) => string)[] = [
  (r) =>
    `The ${r.pick(ELEMENTS)} on ${r.pick(LEVELS)} shall have a fire rating of ${r.pick([30, 60, 90, 120])} minutes and close automatically.`,
  (r) =>
    `Concrete for the ${r.pick(ELEMENTS)} shall reach a characteristic strength of ${r.pick([25, 30, 35, 40, 50])} MPa at 28 days, with a water cement ratio below 0.${r.int(40, 55)}.`,
  (r) =>
    `${cap(r.pick(TRADES))} shall submit shop drawings of the ${r.pick(ELEMENTS)} for approval at least ${r.int(5, 20)} working days before fabrication.`,
  (r) =>
    `Waterproofing of ${r.pick(LEVELS)} uses a ${r.pick(['EPDM', 'bituminous', 'PVC', 'polyurethane'])} membrane lapped ${r.pick([100, 150, 200])} mm at every joint and tested by flooding for 72 hours.`,
  (r) =>
    `Tolerances: the ${r.pick(ELEMENTS)} shall be aligned within ${r.int(2, 10)} mm over 3 m and plumb within ${r.int(3, 15)} mm per storey.`,
  (r) =>
    `The ${r.pick(ELEMENTS)} are made of ${r.pick(MATERIALS)}; samples are approved by ${r.pick(TRADES)} before ordering.`,
  (r) =>
    `Acoustic insulation between apartments on ${r.pick(LEVELS)} shall reach ${r.int(45, 60)} dB, with ${r.pick(MATERIALS)} in the cavity.`,
  (r) =>
    `Anchors of the ${r.pick(ELEMENTS)} are tested for a pull out load of ${r.int(3, 25)} kN; one anchor in ${r.int(10, 50)} is tested on site.`,
  (r) =>
    `Handover of ${r.pick(LEVELS)} requires the as built drawings, the operation manuals and the warranty of the ${r.pick(ELEMENTS)}.`,
  (r) =>
    `Any clash between the ${r.pick(ELEMENTS)} and the ${r.pick(ELEMENTS)} is reported as an issue to ${r.pick(TRADES)} within ${r.int(1, 5)} days.`,
  (r) =>
    `A porta corta-fogo da escada no ${r.pick(['térreo', 'subsolo', 'pavimento tipo', 'ático'])} deve resistir ${r.pick([60, 90, 120])} minutos, com mola de fechamento e barra antipânico.`,
  (r) =>
    `O concreto da ${r.pick(['laje', 'viga de transição', 'cortina', 'fundação'])} terá fck de ${r.pick([30, 35, 40])} MPa e cura úmida por ${r.int(7, 14)} dias.`,
];

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SECTIONS = [
  'General requirements',
  'Concrete works',
  'Structural steel',
  'Facades and glazing',
  'Waterproofing',
  'Fire protection',
  'Electrical installations',
  'Plumbing and drainage',
  'Finishes',
  'Handover and commissioning',
];

/** One page of a specification: a heading and about 2,000 characters of requirements. */
function pageText(r: ReturnType<typeof random>, doc: number, page: number): string {
  const lines = [`Section ${doc + 1}.${page} - ${r.pick(SECTIONS)}`];
  let length = 0;
  while (length < 2000) {
    const sentence = r.pick(SENTENCES)(r);
    lines.push(sentence);
    length += sentence.length + 1;
  }
  return lines.join(' ');
}

/** Questions a user would ask: construction terms and short sentences (cycled through M times). */
const QUESTIONS = [
  'What fire rating do the stair doors need?',
  'fire rating',
  'concrete strength of the transfer beam',
  'waterproofing membrane lapped',
  'shop drawings approval',
  'curtain wall tolerances',
  'pull out load of the anchors',
  'acoustic insulation between apartments',
  'as built drawings handover',
  'sprinkler mains',
  'Who approves the samples of the porcelain tiles?',
  'porta corta-fogo da escada',
  'fck do concreto da laje',
  'smoke extraction duct on the roof',
  'EPDM',
  'clash between cable trays and sewage pipes',
  'What is the water cement ratio for the pile caps?',
  'stainless steel 316 balcony handrails',
  'flooding test 72 hours',
  'ventilated facade aluminium composite panels',
];

// ---------------------------------------------------------------------------------------------------------------
// The model: the tests' scripted OpenAI-protocol server in a process of its own, behind a proxy that times each
// request from its arrival to the end of its response (scripted-model.ts): the model's time, taken out of each turn.

const model = fork(path.join(import.meta.dirname, 'scripted-model.ts'), { stdio: 'inherit' });
const modelUrl = await new Promise<string>((resolve, reject) => {
  model.once('message', (message) => resolve((message as { url: string }).url));
  model.once('error', reject);
  model.once('exit', (code) => reject(new Error(`the scripted model ended (${code})`)));
});
/** The spans (ms) of the model requests finished since the last call. */
function modelSpans(): Promise<number[]> {
  return new Promise((resolve) => {
    model.once('message', (message) => resolve((message as { spans: number[] }).spans));
    model.send('spans');
  });
}

// ---------------------------------------------------------------------------------------------------------------

function cpuSeconds(): number {
  // utime, stime, cutime, cstime of /proc/self/stat (clock ticks, 100 a second): the children's CPU counts the
  // PDF preparation's child processes. Elsewhere, the process's own CPU only.
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return [11, 12, 13, 14].reduce((s, i) => s + Number(fields[i] ?? 0), 0) / 100;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  }
}

function ms(s: Summary): string {
  return `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`;
}

const rows: [string, string, string][] = [];
function row(what: string, value: string, goal = ''): void {
  rows.push([what, value, goal]);
  console.log(`  ${what}: ${value}${goal ? `  (goal ${goal})` : ''}`);
}

const t = await startTestServer({
  AI_BASE_URL: modelUrl,
  AI_MODEL: 'scripted-model',
  AI_MESSAGES_PER_MINUTE: '10000',
  RATE_LIMIT_MULTIPLIER: '1000',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
});
try {
  const { services } = t.server;
  const executor = services.database.executor;
  const w = await buildDriveWorld(t, 'Torre Smart');
  const partner = w.collabArq;
  for (const user of [w.owner, partner]) await enableAssistant(t, user);

  // 1. Indexing through the drive's upload path.
  const pdfCount = Math.ceil(PAGES / PAGES_PER_PDF);
  const r = random(31);
  const disciplines = ['ARQ', 'EST', 'FV'];
  const pdfs: { name: string; bytes: Buffer; hidden: boolean }[] = [];
  const generating = performance.now();
  for (let doc = 0; doc < pdfCount; doc++) {
    const pages = Math.min(PAGES_PER_PDF, PAGES - doc * PAGES_PER_PDF);
    const texts = Array.from({ length: pages }, (_, page) => pageText(r, doc, page + 1));
    // A quarter of the documents are EST-only (discipline visibility): hidden from the ARQ partner.
    const hidden = doc % 4 === 1;
    const discipline = hidden ? 'EST' : (disciplines[doc % disciplines.length] as string);
    pdfs.push({
      name: `TRN-${discipline}-ED-${String(doc + 1).padStart(4, '0')}-R00.pdf`,
      bytes: await textPdf(texts),
      hidden,
    });
  }
  const megabytes = pdfs.reduce((s, p) => s + p.bytes.length, 0) / 1024 / 1024;
  console.log(
    `generated ${pdfCount} PDFs (${megabytes.toFixed(1)} MB) in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
  );
  const cpuAtUpload = cpuSeconds();
  const uploading = performance.now();
  const fileIds: number[] = [];
  for (const pdf of pdfs)
    fileIds.push(
      (await uploadFile(t, w, w.owner, pdf.name, pdf.hidden ? { visibility: 'discipline' } : {}, pdf.bytes))
        .id,
    );
  const uploadedSeconds = (performance.now() - uploading) / 1000;
  let lastReport = performance.now();
  for (;;) {
    const [state] = (
      await executor.executeSql(
        `select count(*) filter (where s.file_id is not null or f.processing_state = 'failed')::int as settled,
           count(*) filter (where s.state = 'indexed')::int as indexed
         from drive_files f left join smart_docs_files s on s.file_id = f.id where f.id = any($1::int[])`,
        [fileIds],
      )
    ).rows as { settled: number; indexed: number }[];
    if ((state?.settled ?? 0) >= fileIds.length) break;
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.log(`  … ${state?.indexed ?? 0} of ${fileIds.length} revisions indexed`);
    }
    if (performance.now() - uploading > 3_600_000) throw new Error('indexing did not end within an hour');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pipelineSeconds = (performance.now() - uploading) / 1000;
  const pipelineCpu = cpuSeconds() - cpuAtUpload;
  const [counts] = (
    await executor.executeSql(
      `select (select count(*) from drive_pdf_pages where file_id = any($1::int[]))::int as pages,
         (select count(*) from smart_docs_passages where file_id = any($1::int[]))::int as passages,
         (select count(*) from smart_docs_files where file_id = any($1::int[]) and state = 'indexed')::int as indexed`,
      [fileIds],
    )
  ).rows as { pages: number; passages: number; indexed: number }[];
  const pages = counts?.pages ?? 0;
  if (counts?.indexed !== fileIds.length)
    throw new Error(`${counts?.indexed ?? 0} of ${fileIds.length} revisions indexed`);
  const jobs = (
    await executor.executeSql(
      `select name, count(*)::int as jobs,
         extract(epoch from max(completed_on) - min(started_on))::float8 as window_seconds,
         extract(epoch from sum(completed_on - started_on))::float8 as busy_seconds
       from pgboss.job where name in ('drive.pdfPrepare', 'smartDocs.index') and state = 'completed'
       group by name`,
      [],
    )
  ).rows as { name: string; jobs: number; window_seconds: number; busy_seconds: number }[];
  const job = (name: string) => jobs.find((j) => j.name === name);
  console.log(
    `\nindexing: ${pdfCount} PDFs, ${pages} pages, ${counts?.passages ?? 0} passages; uploads ${uploadedSeconds.toFixed(1)} s`,
  );
  row(
    'upload → all indexed (prepare + index, end to end)',
    `${pipelineSeconds.toFixed(1)} s, ${(pages / pipelineSeconds).toFixed(1)} pages/s, CPU ${pipelineCpu.toFixed(1)} s`,
  );
  for (const name of ['drive.pdfPrepare', 'smartDocs.index']) {
    const j = job(name);
    if (!j) continue;
    row(
      `${name} jobs: first start → last end (sum of job times)`,
      `${j.jobs} jobs, ${j.window_seconds.toFixed(1)} s (${j.busy_seconds.toFixed(1)} s), ` +
        `${(pages / j.window_seconds).toFixed(1)} pages/s (${(pages / j.busy_seconds).toFixed(1)} pages/s busy)`,
      name === 'smartDocs.index' ? '≥ 20 pages/s' : '',
    );
  }
  const cpuAtIndex = cpuSeconds();
  const reindexing = performance.now();
  for (const id of fileIds) await runSmartDocsIndex(services, id);
  const reindexSeconds = (performance.now() - reindexing) / 1000;
  const reindexCpu = cpuSeconds() - cpuAtIndex;
  row(
    'index job function alone, every revision in turn',
    `${reindexSeconds.toFixed(1)} s, ${(pages / reindexSeconds).toFixed(1)} pages/s, CPU ${reindexCpu.toFixed(1)} s`,
    '≥ 20 pages/s',
  );

  // 2. Retrieval as the partner, over every discipline.
  const partnerActor = await resolveActor(services, { authorization: `Bearer ${partner.token}` });
  if (!partnerActor) throw new Error('the partner token does not resolve');
  const scope = { projectId: w.projectId, disciplineIds: w.disciplineIds };
  const [partnerCompany] = (
    await executor.executeSql('select company_id from users where id = $1', [partner.id])
  ).rows as { company_id: number }[];
  const partnerDisciplines = [w.disciplineIds[0] as number];
  const bare = `select p.id, p.file_id, f.document_id, d.name as document_name, f.revision_name, p.page_number, p.text,
      ts_rank_cd(p.tsv, q) as rank
    from smart_docs_passages p join drive_files f on f.id = p.file_id join drive_documents d on d.id = f.document_id,
      to_tsquery('simple', immutable_unaccent(lower($1))) q
    where p.tsv @@ q and f.project_id = $2 and d.area = 'drive' and f.upload_state = 'confirmed'
      and (f.visibility = 'public' or f.company_id = $3 or (f.visibility = 'discipline' and d.discipline_id = any($4::int[])))
      and d.discipline_id = any($5::int[])
      and not exists (select 1 from drive_files n where n.document_id = f.document_id and n.upload_state = 'confirmed'
        and n.id > f.id and (n.visibility = 'public' or n.company_id = $3
          or (n.visibility = 'discipline' and d.discipline_id = any($4::int[]))))
    order by rank desc, p.id limit 8`;
  const samples = { service: [] as number[], graphql: [] as number[], bare: [] as number[] };
  let mismatches = 0;
  let empty = 0;
  let hiddenHits = 0;
  const hiddenNames = new Set(pdfs.filter((p) => p.hidden).map((p) => p.name.replace(/-R\d+\.pdf$/, '')));
  for (let i = -5; i < QUERIES; i++) {
    const question = QUESTIONS[((i % QUESTIONS.length) + QUESTIONS.length) % QUESTIONS.length] as string;
    const t0 = performance.now();
    const found = await searchSmartDocs(services, partnerActor, { ...scope, question });
    const t1 = performance.now();
    await call(t, partner, SEARCH, { i: { ...scope, question } });
    const t2 = performance.now();
    const { rows: bareRows } = await executor.executeSql(bare, [
      searchTerms(question).join(' | '),
      w.projectId,
      partnerCompany?.company_id ?? -1,
      partnerDisciplines,
      w.disciplineIds,
    ]);
    const t3 = performance.now();
    if (i < 0) continue;
    samples.service.push(t1 - t0);
    samples.graphql.push(t2 - t1);
    samples.bare.push(t3 - t2);
    if (found.length === 0) empty++;
    if (found.some((p) => hiddenNames.has(p.documentName))) hiddenHits++;
    const ids = (bareRows as { id: number | string }[]).map((b) => Number(b.id)).join(',');
    if (ids !== found.map((p) => p.passageId).join(',')) mismatches++;
  }
  const service = summarize(samples.service);
  const bareSummary = summarize(samples.bare);
  console.log(
    `\nretrieval: ${QUERIES} questions as a partner over ${pages} pages (p50 / p95 ms); ` +
      `${empty} found nothing, ${hiddenHits} returned a hidden document, bare SQL differed ${mismatches} times`,
  );
  row(
    'searchSmartDocs (the service of smartDocsSearch)',
    `${ms(service)}, max ${Math.max(...samples.service).toFixed(1)}`,
    'p95 < 150 ms',
  );
  row('smartDocsSearch over HTTP (GraphQL)', ms(summarize(samples.graphql)));
  row('bare SQL (one hand-written statement)', ms(bareSummary));
  row('Obra ÷ bare SQL (p50)', `${(service.p50 / bareSummary.p50).toFixed(2)}`);

  // 3. The assistant's overhead per turn, the model's own time taken out.
  const generated = await generateIssues(
    services.database,
    {
      projectId: w.projectId,
      userIds: [w.owner.id, w.ownerColleague.id, partner.id],
      disciplineIds: w.disciplineIds,
    },
    ISSUES,
  );
  console.log(`\nassistant: ${generated.issues} issues generated for the tool rounds`);
  const ws = createClient({
    url: `${t.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${partner.token}` },
  });
  const ANSWER = 'subscription($m: Int!) { aiAnswer(messageId: $m) { kind code } }';
  const answered = (messageId: number) =>
    new Promise<void>((resolve, reject) => {
      const stop = ws.subscribe<{ aiAnswer: { kind: string; code: string | null } }>(
        { query: ANSWER, variables: { m: messageId } },
        {
          next: ({ data, errors }) => {
            if (errors) reject(new Error(JSON.stringify(errors)));
            const kind = data?.aiAnswer.kind;
            if (kind === 'error') reject(new Error(`answer error ${data?.aiAnswer.code}`));
            if (kind === 'done') {
              stop();
              resolve();
            }
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
  const turns: Record<string, { overhead: number[]; model: number[] }> = {};
  const conversations: Record<string, number | null> = { service: null, api: null };
  let rounds = 0;
  for (let i = -2; i < TURNS; i++) {
    const tool = ((i % 2) + 2) % 2 === 1;
    const text = `${tool ? `${TOOL_MARK}${w.projectId}] ` : ''}What is late for the electrical partner on level 3 (question ${i + 3})?`;
    for (const path of ['service', 'api'] as const) {
      // Conversations of five turns: each turn sends its conversation's history to the model, as in use.
      if ((i + 2) % 5 === 0) conversations[path] = null;
      const t0 = performance.now();
      if (path === 'service') {
        const sent = await sendAiMessage(services, partnerActor, {
          conversationId: conversations[path],
          persona: 'caio',
          text,
        });
        conversations[path] = sent.conversation.id;
        for await (const event of streamAiAnswer(
          services,
          partnerActor,
          sent.message.id,
          new AbortController().signal,
        ))
          if (event.kind === 'error') throw new Error(`answer error ${event.code}`);
      } else {
        const sent = await call<{
          sendAiMessage: { conversation: { id: number }; message: { id: number } };
        }>(t, partner, SEND, { c: conversations[path], p: 'caio', t: text });
        conversations[path] = sent.sendAiMessage.conversation.id;
        await answered(sent.sendAiMessage.message.id);
      }
      const total = performance.now() - t0;
      const spans = await modelSpans();
      const modelMs = spans.reduce((sum, span) => sum + span, 0);
      if (i < 0) continue;
      rounds += spans.length;
      const key = `${path === 'service' ? 'in-process' : 'API (HTTP + websocket)'}, ${tool ? 'with a tool round' : 'one model round'}`;
      const entry = (turns[key] ??= { overhead: [], model: [] });
      entry.overhead.push(total - modelMs);
      entry.model.push(modelMs);
    }
  }
  await ws.dispose();
  console.log(
    `assistant: ${TURNS} turns a path, ${rounds} model requests; overhead = turn time − model server time (p50 / p95 ms)`,
  );
  for (const [key, entry] of Object.entries(turns))
    row(
      `assistant turn overhead, ${key}`,
      `${ms(summarize(entry.overhead))} (model ${summarize(entry.model).p50.toFixed(1)} ms p50, n ${entry.overhead.length})`,
      'p95 < 30 ms',
    );
} finally {
  await t.close();
  model.disconnect();
}

const loadAtEnd = os.loadavg();
console.log(`\n| Measure (${database}, ${PAGES} pages) | Result | Goal |\n| --- | --- | --- |`);
for (const [what, value, goal] of rows) console.log(`| ${what} | ${value} | ${goal} |`);
console.log(
  `\nload average: start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, end ${loadAtEnd
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
