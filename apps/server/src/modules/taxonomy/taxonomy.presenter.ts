import type { TBlock, TCircle, TNamedRef, TPublishingPage, TTaxon } from '@chaupal/contract';
import type { blocks, categories, circles, pages } from '../../db/schema';

type TaxonRow = typeof categories.$inferSelect;
type PageRow = typeof pages.$inferSelect;

export function presentTaxon(row: TaxonRow): TTaxon {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    status: row.status,
    published_data: {
      title: row.title,
      description: row.description,
      metaTitle: row.metaTitle || row.title,
      metaDescription: row.metaDescription || row.description,
      metaKeywords: row.metaKeywords,
    },
  };
}

export function presentPage(row: PageRow): TPublishingPage {
  return { ...presentTaxon(row), content: row.content };
}

export function presentCircle(row: typeof circles.$inferSelect): TCircle {
  return { id: row.id, slug: row.slug, name: row.name, status: row.status };
}

export function presentBlock(row: typeof blocks.$inferSelect, blockCircles: TNamedRef[]): TBlock {
  return { id: row.id, slug: row.slug, name: row.name, status: row.status, circles: blockCircles };
}
