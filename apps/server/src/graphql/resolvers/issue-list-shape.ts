import { Kind, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import {
  FULL_PAGE_SHAPE,
  type IssueColumn,
  type IssuePageShape,
} from '../../modules/issues/list/issue-page-sql.ts';

/**
 * The issue columns each field of Issue reads (besides PAGE_KEY_COLUMNS, always read: id, projectId,
 * visibility, createdByUserId, groupId). Fields made of the issue's children, or resolved from the key columns,
 * read none. A field missing here (one added later) reads every column: a page never lacks what it serves.
 */
const FIELD_COLUMNS: ReadonlyMap<string, readonly IssueColumn[]> = new Map(
  Object.entries({
    __typename: [],
    id: [],
    projectId: [],
    visibility: [],
    groupId: [],
    createdByUserId: [],
    createdByUser: [],
    code: ['code'],
    title: ['title'],
    description: ['description'],
    status: ['status'],
    priority: ['priority'],
    category: ['categoryId'],
    creationPhase: ['creationPhase'],
    resolutionPhase: ['resolutionPhase'],
    deadline: ['deadline'],
    pin: ['pin'],
    viewpoints: ['viewpoints'],
    bimPins: ['bimPins'],
    createdAt: ['createdAt'],
    editedAt: ['editedAt'],
    editedByUserId: ['editedByUserId'],
    editedByUser: ['editedByUserId'],
    visibilityUpdatedAt: ['visibilityUpdatedAt'],
    visibilityUpdatedByUserId: ['visibilityUpdatedByUserId'],
    visibilityUpdatedByUser: ['visibilityUpdatedByUserId'],
    statusUpdatedAt: ['statusUpdatedAt'],
    statusUpdatedByUserId: ['statusUpdatedByUserId'],
    statusUpdatedByUser: ['statusUpdatedByUserId'],
    toProjectManagementAt: ['toProjectManagementAt'],
    toProjectManagementBy: ['toProjectManagementByUserId'],
    toProjectManagementByUser: ['toProjectManagementByUserId'],
    toPublicAt: ['toPublicAt'],
    toPublicBy: ['toPublicByUserId'],
    toPublicByUser: ['toPublicByUserId'],
    documentsReferences: ['documentsReferences'],
    ccodeDocumentsReferences: ['ccodeDocumentsReferences'],
    aiAssistantLogs: ['aiAssistantLogs'],
    mentionedUsers: ['mentionedUserIds'],
    // Children, the caller's marks and what other resolvers load by the key columns.
    disciplines: [],
    locals: [],
    labels: [],
    userPersonalData: [],
    permissions: [],
    history: [],
    comments: [],
    notifications: [],
    notificationsSummary: [],
    images: [],
    imageTitles: [],
    cover: [],
  } satisfies Record<string, readonly IssueColumn[]>),
);

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>;

/**
 * The fields selected in some selection sets, through fragments, by name (aliases and directives aside: a field
 * under @skip or @include counts as selected, which only ever reads more).
 */
function fieldsOf(
  sets: readonly (SelectionSetNode | undefined)[],
  fragments: Fragments,
): Map<string, SelectionSetNode[]> {
  const found = new Map<string, SelectionSetNode[]>();
  const visit = (set: SelectionSetNode | undefined, seen: ReadonlySet<string>): void => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        const subsets = found.get(selection.name.value) ?? [];
        if (selection.selectionSet) subsets.push(selection.selectionSet);
        found.set(selection.name.value, subsets);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, seen);
      } else if (!seen.has(selection.name.value)) {
        visit(fragments[selection.name.value]?.selectionSet, new Set([...seen, selection.name.value]));
      }
    }
  };
  for (const set of sets) visit(set, new Set());
  return found;
}

/**
 * What getIssues reads of each issue for the query being run: the columns of the Issue fields it selects, the
 * disciplines' details and done dates only under `disciplines { discipline doneAt }`, the unread marks only for
 * notificationsSummary, the image titles only for imageTitles, the first image's file only for cover.
 */
export function issueListShape(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): IssuePageShape {
  const page = fieldsOf(
    info.fieldNodes.map((node) => node.selectionSet),
    info.fragments,
  );
  const issue = fieldsOf(page.get('issues') ?? [], info.fragments);
  const columns = new Set<IssueColumn>();
  for (const name of issue.keys()) {
    const read = FIELD_COLUMNS.get(name);
    if (!read) return FULL_PAGE_SHAPE;
    for (const column of read) columns.add(column);
  }
  const discipline = fieldsOf(issue.get('disciplines') ?? [], info.fragments);
  return {
    columns,
    disciplineDetails: discipline.has('discipline'),
    disciplineDoneAt: discipline.has('doneAt'),
    imageTitles: issue.has('imageTitles'),
    cover: issue.has('cover'),
    notifications: issue.has('notificationsSummary'),
  };
}
