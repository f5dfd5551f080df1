import type { TSearchHit } from '@chaupal/contract';
import { useLang } from '../../app/i18n';
import { useServices } from '../../app/services';
import { formatDateTime } from '../../components/dates';
import { ResponsiveImage } from '../../components/image';
import { useKindName } from '../../components/search/kinds';
import { Marked } from '../../components/search/marked';
import { Link } from '../../components/ui/link';

/** One hit of the search page: picture, kind, title and snippet with the matched words marked, date and places. */
export function SearchHit({ hit }: { hit: TSearchHit }) {
  const { siteTz } = useServices();
  const lang = useLang();
  const kindName = useKindName();
  return (
    <li className="search-hit">
      <Link to={hit.url} tabIndex={-1} aria-hidden="true" className="search-hit-media">
        {hit.image ? (
          <ResponsiveImage src={hit.image} alt="" sizes="120px" box={{ width: 120, height: 90 }} />
        ) : (
          <span className="image-placeholder" />
        )}
      </Link>
      <div className="search-hit-body">
        <p className="search-hit-meta small">
          <span className="search-hit-kind">{kindName(hit.kind)}</span>
          {hit.date ? <span> · {formatDateTime(hit.date, siteTz, lang)}</span> : null}
          {hit.circles.length ? <span> · {hit.circles.join(', ')}</span> : null}
        </p>
        <h2 className="search-hit-title">
          <Link to={hit.url}>
            <Marked text={hit.title} marks={hit.titleMarks} />
          </Link>
        </h2>
        {hit.snippet ? (
          <p className="search-hit-snippet">
            <Marked text={hit.snippet} marks={hit.snippetMarks} />
          </p>
        ) : null}
      </div>
    </li>
  );
}
