/** Business constants of SPEC §9 and DESIGN §4. */
export const LIMITS = {
  pageSizeDefault: 12,
  pageSizeMax: 100,
  taxonomyMax: 500,
  relatedMax: 6,
  searchMax: 200,
  titleMax: 200,
  metaMax: 300,
  homeSectionPreview: 6,
  homeCacheSeconds: 20,
} as const;
