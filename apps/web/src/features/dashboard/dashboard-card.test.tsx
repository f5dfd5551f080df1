import type { TOutlet } from '@chaupal/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { addMessages, LangProvider } from '../../app/i18n';
import { messages as hindi } from '../../locales/hi/dashboard.json?lingui';
import { DashboardCard } from './dashboard-card';

const outlet = (userId: string, status = 'pending') =>
  ({
    id: 'o1',
    slug: 'fresh-mart',
    title: 'Fresh Mart',
    description: '<p>Daily needs.</p>',
    image: null,
    status,
    userId,
  }) as unknown as TOutlet;

const render = (userId: string, status?: string) =>
  renderToStaticMarkup(
    <DashboardCard
      item={outlet('owner-1', status)}
      userId={userId}
      onPreview={() => {}}
      onEdit={() => {}}
      onDelete={() => {}}
    />,
  );

describe('DashboardCard', () => {
  it("has no Edit or Delete on a card whose userId is not the user's", () => {
    const html = render('someone-else');
    expect(html).toContain('>View/Preview<');
    expect(html).not.toContain('>Edit<');
    expect(html).not.toContain('>Delete<');
  });

  it('offers Edit and Delete to the owner', () => {
    const html = render('owner-1');
    expect(html).toContain('>Edit<');
    expect(html).toContain('>Delete<');
  });

  it('tags the status: green for active, red otherwise, saying what it means', () => {
    expect(render('owner-1', 'active')).toContain('<span class="status status-ok">Active</span>');
    expect(render('owner-1', 'pending')).toContain('<span class="status status-off">Pending review</span>');
    expect(render('owner-1', 'hold')).toContain('<span class="status status-off">Held</span>');
  });

  it('says why an admin held the record', () => {
    const held = renderToStaticMarkup(
      <DashboardCard
        item={{ ...outlet('owner-1', 'hold'), holdReason: 'The photo is of another shop.' }}
        userId="owner-1"
        onPreview={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(held).toContain('>Held<');
    expect(held).toContain('Held: The photo is of another shop.');
    expect(render('owner-1', 'pending')).not.toContain('Held:');
  });

  it('speaks Hindi on a page in Hindi: the tag, the hold reason and the actions', () => {
    addMessages('hi', hindi);
    const html = renderToStaticMarkup(
      <LangProvider lang="hi">
        <DashboardCard
          item={{ ...outlet('owner-1', 'hold'), holdReason: 'The photo is of another shop.' }}
          userId="owner-1"
          onPreview={() => {}}
          onEdit={() => {}}
          onDelete={() => {}}
        />
      </LangProvider>,
    );
    expect(html).toContain('<span class="status status-off">रोका गया</span>');
    expect(html).toContain('रोका गया: The photo is of another shop.');
    expect(html).toContain('>देखें/पूर्वावलोकन<');
    expect(html).toContain('>संपादित करें<');
    expect(html).toContain('>हटाएँ<');
  });
});
