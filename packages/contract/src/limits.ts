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

/** A listing's place (decision 015). */
export const PLACE_LIMITS = {
  streetAddressMax: 300,
  /** "Near me" looks this far around the visitor (a bounding box, then the exact distance). */
  nearRadiusKm: 50,
} as const;

/** DESIGN §7: what /uploadFile and the multipart forms accept. */
export const UPLOAD_LIMITS = {
  imageBytes: 5 * 1024 * 1024,
  documentBytes: 10 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  documentTypes: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
} as const;
