import { FEED_ENTITIES } from './data-lake-entities-sql.ts';

/** The namespace of Obra's OData types. */
export const ODATA_NAMESPACE = 'Obra.DataLake';

const escapeXml = (text: string): string =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** The CSDL (XML) of the feed: one entity type and set per entity, keys and typed properties. */
export function csdlDocument(): string {
  const types = FEED_ENTITIES.map(
    (e) => `      <EntityType Name="${e.type}">
        <Key>${e.key.map((k) => `<PropertyRef Name="${k}"/>`).join('')}</Key>
${e.properties
  .map(
    (p) =>
      `        <Property Name="${escapeXml(p.name)}" Type="${p.type}" Nullable="${p.nullable && !e.key.includes(p.name) ? 'true' : 'false'}"/>`,
  )
  .join('\n')}
      </EntityType>`,
  ).join('\n');
  const sets = FEED_ENTITIES.map(
    (e) => `        <EntitySet Name="${e.set}" EntityType="${ODATA_NAMESPACE}.${e.type}"/>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:DataServices>
    <Schema Namespace="${ODATA_NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">
${types}
      <EntityContainer Name="Container">
${sets}
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>
`;
}

/** The service document (JSON): the entity sets and their URLs relative to the service root. */
export function serviceDocument(root: string): Record<string, unknown> {
  return {
    '@odata.context': `${root}/$metadata`,
    value: FEED_ENTITIES.map((e) => ({ name: e.set, kind: 'EntitySet', url: e.set })),
  };
}
