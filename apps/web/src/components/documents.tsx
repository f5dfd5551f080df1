import { documentName, parseDocuments } from '@chaupal/contract/documents';
import { useT } from '../app/i18n';
import { messages } from '../locales/en/detail.json?lingui';

/** Attached documents, each shown by the last segment of its URL and opened in a new tab (SPEC §2). */
export function Documents({ documents }: { documents: string[] | string }) {
  const t = useT(messages);
  const urls = parseDocuments(documents);
  if (!urls.length) return null;
  return (
    <section aria-labelledby="documents-title">
      <h2 className="h4" id="documents-title">
        {t('detail.documents')}
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
