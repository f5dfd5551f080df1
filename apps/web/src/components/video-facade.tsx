import { useState } from 'react';
import { useT } from '../app/i18n';
import { messages } from '../locales/en/shell.json?lingui';

const youtubeId = (url: string) => /(?:v=|youtu\.be\/|embed\/|shorts\/)([\w-]{6,})/.exec(url)?.[1];

/** A YouTube video behind a click-to-load facade: nothing is requested from YouTube before the click (DESIGN §8). */
export function VideoFacade({ url, title, poster }: { url: string; title: string; poster?: string | null }) {
  const [play, setPlay] = useState(false);
  const t = useT(messages);
  const id = youtubeId(url);
  if (!id) return null;
  return play ? (
    <iframe
      className="video-frame"
      src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture"
      allowFullScreen
    />
  ) : (
    <button
      type="button"
      className="video-facade"
      onClick={() => setPlay(true)}
      style={poster ? { backgroundImage: `url(${poster})` } : undefined}
    >
      <span className="play-icon" aria-hidden="true">
        ▶
      </span>
      <span>{t('video.play', { title })}</span>
    </button>
  );
}
