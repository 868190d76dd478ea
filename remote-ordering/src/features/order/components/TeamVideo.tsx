import { embeddableVideoUrl } from '@fu/shared';

export function TeamVideo({ url, title }: { url: string | null | undefined; title: string }) {
  const src = embeddableVideoUrl(url);
  if (!src) return null;
  return (
    <div className="fp-video">
      <iframe src={src} title={title} allow="encrypted-media; picture-in-picture" allowFullScreen loading="lazy" />
    </div>
  );
}
