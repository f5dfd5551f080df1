import { POLICY_TYPE } from '@chaupal/contract/enums';
import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { Seo } from '../../components/seo';
import { dismiss, notify } from '../../components/toasts';
import { Container } from '../../components/ui/ui';
import { messages } from '../../locales/en/site.json?lingui';

/** SPEC §2: heading Policies (type 1) or Terms & Conditions (type 2), then the title and the HTML content. */
export function PolicyPage() {
  const t = useT(messages);
  const specText = useSpecText();
  const { queries } = useServices();
  const { id } = useParams();
  const { data: policy, error } = useQuery({ ...queries.policy(id as string), retry: false });
  useEffect(() => {
    if (error) notify(t('site.loadFailed'), { title: t('site.error'), tone: 'error', key: 'policy-load' });
  }, [error, t]);
  // A policy that loads (this one again, or the next one opened) makes an earlier failure to load stale.
  useEffect(() => {
    if (policy) dismiss('policy-load');
  }, [policy]);
  if (!policy) {
    return (
      <Container size="md" className="page">
        {error ? null : <p role="status">{specText(SHELL_MESSAGES.loading)}</p>}
      </Container>
    );
  }
  return (
    <Container size="md" className="page">
      <Seo title={policy.title} />
      <h1 className="eyebrow">{policy.type === POLICY_TYPE.terms ? t('site.terms') : t('site.policies')}</h1>
      <h2>{policy.title}</h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: policies are written by admins and sanitized on write */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: policy.content }} />
    </Container>
  );
}
