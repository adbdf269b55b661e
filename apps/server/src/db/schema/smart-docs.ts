import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { tstz, identityId, cascadeRef } from './columns.ts';
import { driveFiles } from './drive.ts';

/** PostgreSQL's full-text document type (written by the database only: a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Smart Docs' index state of a drive revision (issue 31 item 4, docs/ai.md "Smart Docs"): written by the
 * smartDocs.index job once the revision's PDF pages were prepared. `state` is `indexed` (with its passage count) or
 * `failed` (`error`: `noText` for a scanned PDF or an image without text, shown as 'Unable to process your
 * document.'). A revision without a row is not indexed yet.
 */
export const smartDocsFiles = pgTable('smart_docs_files', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => driveFiles.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  error: text('error'),
  passageCount: integer('passage_count').notNull().default(0),
  indexedAt: tstz('indexed_at').notNull().defaultNow(),
});

/**
 * The passages of an indexed revision: about 800 characters of one page's text each (cut at sentence or word
 * ends), with the page they come from. `tsv` is the full-text vector of the 'simple' configuration over the
 * unaccented lower-case text (language-neutral: the drive holds Portuguese, Spanish and English documents alike),
 * searched through its GIN index, and its embedding when an embedding model is configured. Deleting the revision
 * deletes its passages.
 */
export const smartDocsPassages = pgTable(
  'smart_docs_passages',
  {
    id: identityId(),
    fileId: cascadeRef('file_id', () => driveFiles.id),
    pageNumber: integer('page_number').notNull(),
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, immutable_unaccent(lower("text")))`),
    /**
     * The passage's embedding (AI_EMBEDDING_MODEL), scaled to length 1 so that a dot product is the cosine
     * similarity; null when no embedding model is configured or the endpoint failed.
     */
    embedding: real('embedding').array(),
  },
  (t) => [
    index('smart_docs_passages_file_idx').on(t.fileId, t.ordinal),
    index('smart_docs_passages_tsv_idx').using('gin', t.tsv),
  ],
);
