import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, qs } from '../../api/client';
import { useServices } from '../../app/services';
import { formatDateTime } from '../../components/dates';
import { Seo } from '../../components/seo';
import { Container, Field, Spinner } from '../../components/ui/ui';

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  code: string | null;
  createdAt: string;
}

/**
 * The development outbox (DESIGN §9): what would have gone out by e-mail or SMS, newest first, refreshed every few
 * seconds, so a person trying the portal locally can read their one-time codes. It exists only outside production.
 */
export function OutboxPage() {
  const { apiFetch, siteTz } = useServices();
  const [to, setTo] = useState('');
  const recipient = to.trim();
  // The server lists one address at a time, and only to this machine.
  const { data, isFetching, isError } = useQuery({
    queryKey: ['dev-outbox', recipient],
    queryFn: () =>
      callApi<{ data: OutboxMessage[] }>(apiFetch, `/dev/outbox${qs({ to: recipient })}`).then((r) => r.data),
    enabled: recipient !== '',
    refetchInterval: 3000,
  });
  return (
    <Container size="md" className="page">
      <Seo title="Development outbox" noindex />
      <h1>Development outbox</h1>
      <p className="muted">
        Messages the portal would have sent. No e-mail or SMS leaves this machine, and this page answers only on it.
      </p>
      <div className="filters">
        <Field label="Recipient (e-mail or phone)" className="filter">
          {(id) => (
            <input
              id={id}
              type="search"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              placeholder="asha@example.com or +919876543210"
            />
          )}
        </Field>
      </div>
      {recipient === '' ? (
        <p className="empty">Type an e-mail address or phone number to see what it was sent.</p>
      ) : null}
      {recipient !== '' && isFetching && !data ? <Spinner /> : null}
      {isError ? <p className="empty">The outbox is not available here.</p> : null}
      {recipient !== '' && data && !data.length ? <p className="empty">No messages yet.</p> : null}
      <ul className="outbox">
        {(recipient === '' ? [] : (data ?? [])).map((m) => (
          <li key={`${m.createdAt}-${m.to}-${m.channel}`} className="card outbox-item">
            <div className="card-body">
              <p className="muted small">
                {m.channel === 'email' ? 'E-mail' : 'SMS'} to <strong>{m.to}</strong> ·{' '}
                {formatDateTime(m.createdAt, siteTz)}
              </p>
              {m.subject ? <p className="strong">{m.subject}</p> : null}
              {m.code ? (
                <p>
                  Code: <span className="code">{m.code}</span>
                </p>
              ) : null}
              <pre className="outbox-text">{m.text}</pre>
            </div>
          </li>
        ))}
      </ul>
    </Container>
  );
}

export { OutboxPage as Component };
