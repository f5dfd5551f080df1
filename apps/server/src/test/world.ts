import type { DbOrTx } from '../db/client';
import {
  makeBlock,
  makeCircle,
  makeExpert,
  makeFeature,
  makeNews,
  makeOutlet,
  makeTaxon,
  makeUser,
} from '../seed/factories';

/**
 * A small town for API tests: two active circles and a held one, localities in each, active and held parents of
 * every kind, an active and a held contributor, and one public record of each kind under the active parents.
 */
export async function buildWorld(db: DbOrTx) {
  const north = await makeCircle(db, { name: 'North', position: 1 });
  const south = await makeCircle(db, { name: 'South', position: 2 });
  const heldCircle = await makeCircle(db, { name: 'Closed Circle', status: 'hold' });
  const market = await makeBlock(db, [north.id], { name: 'Market' });
  const riverside = await makeBlock(db, [north.id, south.id], { name: 'Riverside' });
  const harbour = await makeBlock(db, [south.id], { name: 'Harbour' });
  const heldBlock = await makeBlock(db, [north.id], { name: 'Closed Block', status: 'hold' });

  const doctors = await makeTaxon(db, 'services', { title: 'Doctors', position: 1 });
  const lawyers = await makeTaxon(db, 'services', { title: 'Lawyers', position: 2 });
  const heldService = await makeTaxon(db, 'services', { title: 'Closed Service', status: 'hold' });
  const grocery = await makeTaxon(db, 'categories', { title: 'Grocery' });
  const heldCategory = await makeTaxon(db, 'categories', { title: 'Closed Category', status: 'hold' });
  const city = await makeTaxon(db, 'editions', { title: 'City' });
  const heldEdition = await makeTaxon(db, 'editions', { title: 'Closed Edition', status: 'hold' });
  const food = await makeTaxon(db, 'pages', { title: 'Food', content: '<p>Food stories</p>' });
  const heldPage = await makeTaxon(db, 'pages', { title: 'Closed Page', status: 'hold' });

  const alice = await makeUser(db, { name: 'Alice' });
  const held = await makeUser(db, { name: 'Held Harry', status: 'hold' });

  const inNorth = { userId: alice.id, circleIds: [north.id], blockIds: [market.id] };
  const expert = await makeExpert(
    db,
    { ...inNorth, serviceIds: [doctors.id], documents: ['/uploads/ab/price-list.pdf'] },
    { title: 'Dr. Meera Iyer' },
  );
  const outlet = await makeOutlet(db, { ...inNorth, categoryIds: [grocery.id] }, { title: 'Fresh Mart' });
  const newsItem = await makeNews(db, { ...inNorth, editionId: city.id }, { title: 'Bridge reopens' });
  const feature = await makeFeature(db, { ...inNorth, pageId: food.id }, { title: 'The best samosa' });

  return {
    circles: { north, south, heldCircle },
    blocks: { market, riverside, harbour, heldBlock },
    services: { doctors, lawyers, heldService },
    categories: { grocery, heldCategory },
    editions: { city, heldEdition },
    pages: { food, heldPage },
    users: { alice, held },
    expert,
    outlet,
    news: newsItem,
    feature,
  };
}
export type TWorld = Awaited<ReturnType<typeof buildWorld>>;
