/**
 * The BCF-API 3.0 service, as the REST edge (http/routes/bcf/bcf-api-routes.ts) calls it: projects, topics and
 * their relations, comments, viewpoints and events, each in a file of its own (docs/api-bcf.md).
 */
export { getBcfExtensions, getBcfProject, listBcfProjects, updateBcfProject } from './bcf-api-projects.ts';
export {
  type ODataQuery,
  type TopicAt,
  createBcfTopic,
  deleteBcfTopic,
  getBcfTopic,
  listBcfTopics,
  updateBcfTopic,
} from './bcf-api-topics.ts';
export {
  addBcfDocumentReference,
  createBcfDocument,
  deleteBcfDocumentReference,
  getBcfDocument,
  getBcfDocumentReferences,
  getBcfFilesInformation,
  getBcfRelatedTopics,
  getBcfSnippet,
  getBcfTopicFiles,
  listBcfDocuments,
  putBcfDocumentReference,
  putBcfRelatedTopics,
  putBcfSnippet,
  putBcfTopicFiles,
} from './bcf-api-topic-relations.ts';
export {
  createBcfComment,
  deleteBcfComment,
  getBcfComment,
  listBcfComments,
  updateBcfComment,
} from './bcf-api-comments.ts';
export {
  createBcfViewpoint,
  deleteBcfViewpoint,
  getBcfBitmap,
  getBcfSnapshot,
  getBcfViewpoint,
  listBcfViewpoints,
} from './bcf-api-viewpoints.ts';
export { listBcfEvents } from './bcf-api-events.ts';
