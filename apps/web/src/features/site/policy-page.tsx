import { POLICY_TYPE } from '@chaupal/contract';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useServices } from '../../app/services';
import { Seo } from '../../components/seo';

/** SPEC §2: heading Policies (type 1) or Terms & Conditions (type 2), then the title and the HTML content. */
export function PolicyPage() {
  const { queries } = useServices();
  const { id } = useParams();
  const policy = useSuspenseQuery(queries.policy(id as string)).data;
  return (
    <Container size="md" py="xl">
      <Seo title={policy.title} />
      <Stack gap="sm">
        <Text tt="uppercase" fw={700} c="orange.8" fz="sm">
          {policy.type === POLICY_TYPE.terms ? 'Terms & Conditions' : 'Policies'}
        </Text>
        <Title order={1}>{policy.title}</Title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: policies are written by admins and sanitized on write */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: policy.content }} />
      </Stack>
    </Container>
  );
}
