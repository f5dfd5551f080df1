/**
 * What the kind modules (experts, outlets, news, features), the kind registry, moderation, the sitemaps, the
 * accounts and suggested edits (an accepted correction is the owner's edit) may use of the content machinery. The list
 * of every kind is not here but in `modules/kinds`: it imports the kind modules, which import this.
 */

export { iso, isoOrNull, presentCommon, presentContact, presentTrust, viewType } from './content.presenter';
export { getAnyWithRelated } from './content-detail';
export {
  type CommonForm,
  type ContentKind,
  type ContentRow,
  type ContentTable,
  defineContentKind,
  type LinkTable,
  type LoadedRow,
  type PageOfIds,
  type ResolvedLinks,
  type RowOf,
  type TaxonTable,
} from './content-kind';
export { listPublic, loadRows } from './content-query';
export { contentRoutes } from './content-routes';
export { canManage, getOwnRecord, updateContent, type WriteContext } from './content-write';
export { ownView, writeContext } from './contributor-routes';
export { deskCondition, onDesk } from './desk';
export { commonFormOf, directoryFormOf, directoryValues, metaValues } from './form-values';
export { detailPresenter, parentFilter } from './public-routes';
export {
  deleteRecords,
  PublicChanges,
  type PublicWriteDeps,
  publicWrite,
} from './public-write';
export { diff, namesIn, reviewValues } from './review';
export {
  dropRevisions,
  emptyValues,
  newestFirst,
  ofRecord,
  personalRevisions,
  pruneOldRevisions,
} from './revision-log';
export { scheduleVisibility, workVisibility } from './schedule';
