import {
  CONTENT_KINDS,
  type TExpertForm,
  ZExpert,
  ZExpertCard,
  ZExpertForm,
  ZExpertListQuery,
} from '@chaupal/contract';
import { asc, desc } from 'drizzle-orm';
import { expertBlocks, expertCircles, expertServices, experts, services } from '../../db/schema';
import { defineContentKind, directoryFormOf, directoryValues } from '../content';
import { presentExpert } from './experts.presenter';

/** Experts: people offering a service, filed under one or more services, listed A–Z, with a place on the map. */
export const expertKind = defineContentKind({
  spec: CONTENT_KINDS.expert,
  table: experts,
  circles: expertCircles,
  blocks: expertBlocks,
  parent: { many: true, join: expertServices, table: services },
  order: [asc(experts.title), asc(experts.id)],
  sorts: {
    newest: [desc(experts.createdAt), desc(experts.id)],
    az: [asc(experts.title), asc(experts.id)],
    updated: [desc(experts.updatedAt), desc(experts.id)],
  },
  pin: { latitude: experts.latitude, longitude: experts.longitude },
  rating: { count: experts.ratingCount, sum: experts.ratingSum },
  image: experts.image,
  searchDate: null,
  query: ZExpertListQuery,
  item: ZExpert,
  card: ZExpertCard,
  form: ZExpertForm,
  present: presentExpert,
  parentRefs: (f: TExpertForm) => f.services,
  values: (f: TExpertForm, _links, richText) => directoryValues(f, richText),
  formOf: (l) => ({ ...directoryFormOf(l, l.row), services: l.parents.map((p) => p.id) }),
});
