/** What other modules may use of the taxonomy: they import this file, never another file of this folder. */
export { listActiveTaxa, resolveTaxonFilter, TAXON_TABLES, type TTaxonKind } from './taxonomy.service';
