import type { TInsight } from '@chaupal/contract';
import { INSIGHT_EVENTS } from '@chaupal/contract/trust-values';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/insight.json?lingui';

const W = 300;
const H = 120;

/**
 * The last 30 days of a listing as inline SVG (decision 016): a bar per day for views, a line of contact clicks (calls,
 * WhatsApp, website, directions) over it; the totals are written out beside it for screen readers and print.
 */
export default function InsightChart({ insight }: { insight: TInsight }) {
  const t = useT(messages);
  const days = insight.days;
  const clicks = days.map((d) => d.call + d.whatsapp + d.web + d.direction);
  const max = Math.max(1, ...days.map((d) => d.view), ...clicks);
  const step = W / days.length;
  const y = (n: number) => H - (n / max) * (H - 10);
  const totals = INSIGHT_EVENTS.map((e) => [e, days.reduce((sum, d) => sum + d[e], 0)] as const);
  const line = clicks.map((c, i) => `${(i + 0.5) * step},${y(c)}`).join(' ');
  return (
    <div className="stack gap-sm insight-chart">
      <svg
        viewBox={`0 0 ${W} ${H + 14}`}
        role="img"
        aria-label={t('insight.chart', { from: days[0].day, to: days[days.length - 1].day })}
      >
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={i * step + 1}
            y={y(d.view)}
            width={step - 2}
            height={H - y(d.view)}
            className="insight-bar"
          >
            <title>{t('insight.day', { day: d.day, views: d.view, clicks: clicks[i] })}</title>
          </rect>
        ))}
        <polyline points={line} className="insight-clicks" fill="none" />
        <text x="0" y={H + 12} className="insight-axis">
          {days[0].day}
        </text>
        <text x={W} y={H + 12} textAnchor="end" className="insight-axis">
          {days[days.length - 1].day}
        </text>
      </svg>
      <p className="small">
        <span className="insight-key insight-key-views" /> {t('insight.views')}{' '}
        <span className="insight-key insight-key-clicks" /> {t('insight.contactClicks')}
      </p>
      <dl className="insight-totals">
        {totals.map(([e, n]) => (
          <div key={e}>
            <dt>{t(`insight.label.${e}`)}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
