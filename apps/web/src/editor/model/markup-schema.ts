// The markup document's schema and its migration live in the domain, shared with the server (which validates the
// markUp it stores); the editor reads them from there.
export {
  arrowSchema,
  circleSchema,
  lineSchema,
  loadMarkup,
  pinSchema,
  rectSchema,
  serializeMarkup,
  textSchema,
  viewpointSchema,
  type MarkupDocument,
  type MarkupLoadResult,
} from '@obra/domain';
