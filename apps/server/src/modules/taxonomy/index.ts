/** What other modules may use of the taxonomy (issue 13, item 4). */
export { listActiveTaxa, resolveTaxonFilter, TAXON_TABLES, type TTaxonKind } from './taxonomy.service';
