import { documentName, parseDocuments } from '@chaupal/contract';
import { Anchor, List, Title } from '@mantine/core';

/** Attached documents, each shown by the last segment of its URL and opened in a new tab (SPEC §2). */
export function Documents({ documents }: { documents: string[] | string }) {
  const urls = parseDocuments(documents);
  if (!urls.length) return null;
  return (
    <section aria-labelledby="documents-title">
      <Title order={2} fz="h4" id="documents-title">
        Documents
      </Title>
      <List>
        {urls.map((url) => (
          <List.Item key={url}>
            <Anchor href={url} target="_blank" rel="noopener">
              {documentName(url)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
