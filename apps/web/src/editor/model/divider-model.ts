// The side-by-side dividers' rules (spec editor §4.4) are the domain's, shared with the document viewer.
export { createDividers, dividerSections, dragDivider, type Divider } from '@obra/domain';
