import {
  CONTENT_KINDS,
  type TOutletForm,
  ZOutlet,
  ZOutletCard,
  ZOutletForm,
  ZOutletListQuery,
} from '@chaupal/contract';
import { asc, desc } from 'drizzle-orm';
import { categories, outletBlocks, outletCategories, outletCircles, outlets } from '../../db/schema';
import { defineContentKind, directoryFormOf, directoryValues } from '../content';
import { presentOutlet } from './outlets.presenter';

/** Outlets: shops and businesses, filed under one or more categories, listed A–Z, with a place on the map. */
export const outletKind = defineContentKind({
  spec: CONTENT_KINDS.outlet,
  table: outlets,
  circles: outletCircles,
  blocks: outletBlocks,
  parent: { many: true, join: outletCategories, table: categories },
  order: [asc(outlets.title), asc(outlets.id)],
  sorts: {
    newest: [desc(outlets.publishingTime), desc(outlets.id)],
    az: [asc(outlets.title), asc(outlets.id)],
    updated: [desc(outlets.updatedAt), desc(outlets.id)],
  },
  pin: { latitude: outlets.latitude, longitude: outlets.longitude },
  rating: { count: outlets.ratingCount, sum: outlets.ratingSum },
  image: outlets.image,
  searchDate: null,
  query: ZOutletListQuery,
  item: ZOutlet,
  card: ZOutletCard,
  form: ZOutletForm,
  present: presentOutlet,
  parentRefs: (f: TOutletForm) => f.categories,
  values: (f: TOutletForm, _links, richText) => directoryValues(f, richText),
  formOf: (l) => ({ ...directoryFormOf(l, l.row), categories: l.parents.map((p) => p.id) }),
});
