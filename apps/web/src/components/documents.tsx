import { documentName, parseDocuments } from '@chaupal/contract/documents';

/** Attached documents, each shown by the last segment of its URL and opened in a new tab (SPEC §2). */
export function Documents({ documents }: { documents: string[] | string }) {
  const urls = parseDocuments(documents);
  if (!urls.length) return null;
  return (
    <section aria-labelledby="documents-title">
      <h2 className="h4" id="documents-title">
        Documents
      </h2>
      <ul>
        {urls.map((url) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener">
              {documentName(url)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
