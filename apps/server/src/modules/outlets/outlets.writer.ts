import { type TOutletForm, ZOutletForm } from '@chaupal/contract';
import type { outlets } from '../../db/schema';
import type { ContentWriter, LoadedRow } from '../content';
import { directoryFormOf, directoryValues, OUTLET } from '../content';

export const outletWriter: ContentWriter<typeof ZOutletForm> = {
  def: OUTLET,
  form: ZOutletForm,
  parentRefs: (f: TOutletForm) => f.categories,
  values: (f: TOutletForm, _links, richText) => directoryValues(f, richText),
  formOf: (l: LoadedRow) => ({
    ...directoryFormOf(l, l.row as unknown as typeof outlets.$inferSelect),
    categories: l.parents.map((p) => p.id),
  }),
};
