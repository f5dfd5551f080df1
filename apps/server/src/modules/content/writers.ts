import type { TContentKind } from '@chaupal/contract';
import type { z } from 'zod';
import { expertWriter } from '../experts/experts.writer';
import { featureWriter } from '../features/features.writer';
import { newsWriter } from '../news/news.writer';
import { outletWriter } from '../outlets/outlets.writer';
import type { ContentWriter } from './content-writer';

/** Each content kind's writer (its form and how it maps onto its tables), by the kind's name. */
export const WRITERS: Record<TContentKind, ContentWriter<z.ZodType>> = {
  expert: expertWriter as ContentWriter<z.ZodType>,
  outlet: outletWriter as ContentWriter<z.ZodType>,
  news: newsWriter as ContentWriter<z.ZodType>,
  feature: featureWriter as ContentWriter<z.ZodType>,
};
