import styles from './order.module.css';

/** Only https embeds from the video hosts the CSP allows are rendered. */
export function embeddableVideoUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return undefined;
    if (parsed.hostname === 'www.youtube.com' || parsed.hostname === 'player.vimeo.com') return parsed.toString();
    return undefined;
  } catch {
    return undefined;
  }
}

export function TeamVideo({ url, title }: { url: string | null | undefined; title: string }) {
  const src = embeddableVideoUrl(url);
  if (!src) return null;
  return (
    <div className={styles.video}>
      <iframe src={src} title={title} allow="encrypted-media; picture-in-picture" allowFullScreen loading="lazy" />
    </div>
  );
}
