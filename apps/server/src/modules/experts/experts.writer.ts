import { type TExpertForm, ZExpertForm } from '@chaupal/contract';
import type { experts } from '../../db/schema';
import { EXPERT } from '../content/content-kinds';
import type { LoadedRow } from '../content/content-query';
import type { ContentWriter } from '../content/content-writer';
import { directoryFormOf, directoryValues } from '../content/form-values';

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
