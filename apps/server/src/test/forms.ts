import type { TContentKind } from '@chaupal/contract';
import type { TWorld } from './world';

/**
 * A valid contributor form of each kind in the world's North circle and Market locality, as the API takes it (JSON):
 * what tests of the whole write pipeline send. An event needs an event type, which the world does not have.
 */
export const validForms = (w: TWorld, eventTypeId?: string): Record<TContentKind, () => Record<string, unknown>> => {
  const base = () => ({ circles: [w.circles.north.id], blocks: [w.blocks.market.id], metaTitle: 'Meta' });
  return {
    expert: () => ({
      ...base(),
      title: 'Dr. Kavya Nair',
      services: [w.services.doctors.id],
      call_now: '+91 98765 43210',
      description: '<p>Family physician.</p>',
    }),
    outlet: () => ({
      ...base(),
      title: 'Gupta Kirana',
      categories: [w.categories.grocery.slug],
      call_now: '9876543210',
      whatsapp_no: '9876543210',
      description: '<p>Daily needs.</p>',
    }),
    news: () => ({
      ...base(),
      title: 'Market road resurfaced',
      editionId: w.editions.city.id,
      location: 'Market',
      language: 'en',
      reporter: 'R. Das',
      content: '<p>The road is smooth again.</p>',
    }),
    feature: () => ({
      ...base(),
      title: 'Kulfi by the river',
      publishing_Page: w.pages.food.id,
      language: 'en',
      author: 'M. Sen',
      location: 'Riverside',
      content: '<p>Cold and sweet.</p>',
    }),
    event: () => ({
      ...base(),
      title: 'Sunday haat',
      description: 'Vegetables, cloth and pots by the tank.',
      content: '<p>Every stall of the district.</p>',
      eventTypeId: eventTypeId ?? '',
      startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      language: 'en',
    }),
  };
};
