import type { TContentKind } from '@chaupal/contract';
import type { z } from 'zod';
import type { ContentWriter } from '../content';
import { expertWriter } from '../experts';
import { featureWriter } from '../features';
import { newsWriter } from '../news';
import { outletWriter } from '../outlets';

/** Each content kind's writer (its form and how it maps onto its tables), by the kind's name. */
export const WRITERS: Record<TContentKind, ContentWriter<z.ZodType>> = {
  expert: expertWriter as ContentWriter<z.ZodType>,
  outlet: outletWriter as ContentWriter<z.ZodType>,
  news: newsWriter as ContentWriter<z.ZodType>,
  feature: featureWriter as ContentWriter<z.ZodType>,
};
