import { type TExpertForm, ZExpertForm } from '@chaupal/contract';
import type { experts } from '../../db/schema';
import type { ContentWriter, LoadedRow } from '../content';
import { directoryFormOf, directoryValues, EXPERT } from '../content';

export const expertWriter: ContentWriter<typeof ZExpertForm> = {
  def: EXPERT,
  form: ZExpertForm,
  parentRefs: (f: TExpertForm) => f.services,
  values: (f: TExpertForm, _links, richText) => directoryValues(f, richText),
  formOf: (l: LoadedRow) => ({
    ...directoryFormOf(l, l.row as unknown as typeof experts.$inferSelect),
    services: l.parents.map((p) => p.id),
  }),
};
