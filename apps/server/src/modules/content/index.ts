/**
 * What the kind modules (experts, outlets, news, features), moderation, the sitemaps and the accounts may use of the
 * content machinery (issue 13, item 4). The table of every kind's writer is not here but in `admin/writers.ts`: it
 * imports the kind modules, which import this, and a table evaluated while they load would meet them half-built.
 */

export { iso, presentCommon, presentContact, presentTrust, viewType } from './content.presenter';
export {
  asTable,
  CONTENT_KIND_DEFS,
  type ContentKind,
  type ContentTable,
  EXPERT,
  FEATURE,
  NEWS,
  OUTLET,
} from './content-kinds';
export { type LoadedRow, loadRows } from './content-query';
export { registerContentRoutes } from './content-routes';
export type { ContentWriter, ResolvedLinks } from './content-writer';
export { commonFormOf, directoryFormOf, directoryValues, metaValues } from './form-values';
export { diff, reviewValues } from './review';
export { refreshAllVisibility, refreshVisibility } from './visibility';
