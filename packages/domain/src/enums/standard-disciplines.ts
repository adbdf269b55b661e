/**
 * The standard construction disciplines a project can adopt. Ids are stable forever (projects reference
 * them through standardDisciplineId); names are translated under `enums:standardDisciplines.<key>`.
 */
export const STANDARD_DISCIPLINES = [
  { id: 1, key: 'architecture', abbreviation: 'ARQ' },
  { id: 2, key: 'structure', abbreviation: 'EST' },
  { id: 3, key: 'foundations', abbreviation: 'FUN' },
  { id: 4, key: 'electrical', abbreviation: 'ELE' },
  { id: 5, key: 'plumbing', abbreviation: 'HID' },
  { id: 6, key: 'hvac', abbreviation: 'HVAC' },
  { id: 7, key: 'fireProtection', abbreviation: 'PCI' },
  { id: 8, key: 'telecom', abbreviation: 'TEL' },
  { id: 9, key: 'landscaping', abbreviation: 'PAI' },
  { id: 10, key: 'interiorDesign', abbreviation: 'INT' },
  { id: 11, key: 'drainage', abbreviation: 'DRE' },
  { id: 12, key: 'gas', abbreviation: 'GAS' },
  { id: 13, key: 'lighting', abbreviation: 'LUM' },
  { id: 14, key: 'automation', abbreviation: 'AUT' },
  { id: 15, key: 'security', abbreviation: 'SEG' },
  { id: 16, key: 'acoustics', abbreviation: 'ACU' },
  { id: 17, key: 'geotechnics', abbreviation: 'GEO' },
  { id: 18, key: 'topography', abbreviation: 'TOP' },
  { id: 19, key: 'earthworks', abbreviation: 'TER' },
  { id: 20, key: 'roadworks', abbreviation: 'VIA' },
  { id: 21, key: 'waterproofing', abbreviation: 'IMP' },
  { id: 22, key: 'facades', abbreviation: 'FAC' },
  { id: 23, key: 'elevators', abbreviation: 'ELV' },
  { id: 24, key: 'sprinklers', abbreviation: 'SPK' },
  { id: 25, key: 'lightningProtection', abbreviation: 'SPDA' },
  { id: 26, key: 'sanitarySewer', abbreviation: 'ESG' },
  { id: 27, key: 'rainwater', abbreviation: 'APL' },
  { id: 28, key: 'solarEnergy', abbreviation: 'SOL' },
  { id: 29, key: 'accessibility', abbreviation: 'ACE' },
  { id: 30, key: 'signage', abbreviation: 'SIN' },
  { id: 31, key: 'kitchenEquipment', abbreviation: 'COZ' },
  { id: 32, key: 'sustainability', abbreviation: 'SUS' },
  { id: 33, key: 'bimCoordination', abbreviation: 'BIM' },
  { id: 34, key: 'constructionPlanning', abbreviation: 'PLN' },
  { id: 35, key: 'costEstimation', abbreviation: 'ORC' },
] as const;

/** A standard discipline key. */
export type StandardDisciplineKey = (typeof STANDARD_DISCIPLINES)[number]['key'];
