import { useEffect, useState } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { SLIDESHOW } from '@dau/domain/constants';
import { fetchStory, type BlockBase } from '../../lib/content-client';
import { t, tf } from '../../lib/i18n';
import { currentSiteId } from '../../lib/site';
import { useFetched } from '../../lib/use-fetched';
import styles from './promotions-slideshow.module.css';

interface Slide {
  _uid: string;
  title: string;
  image: { filename: string; alt?: string };
  link?: { url?: string; cached_url?: string };
  hide_for_siteId?: string[];
}

interface PromosContent extends BlockBase {
  slides?: Slide[];
}

const AUTOPLAY_MS = 5_000;

function slidePath(slide: Slide): string {
  const url = slide.link?.url;
  if (url?.startsWith('/')) return url;
  return `/${(slide.link?.cached_url ?? 'promotions').replace(/^\/+/, '')}`;
}

/**
 * The promotions slideshow (spec doc 1 §2): autoplay, 4:1, push animation, infinite, heights
 * 50–640 px. Plain fetch, no query library, to keep the home chunk small (ADR 020).
 */
export function PromotionsSlideshow({ source = 'promos' }: { source?: string }) {
  // Read on the server for the first paint (ADR 180); a failure draws no slideshow.
  const story = useFetched(`story|${source}`, () =>
    fetchStory<PromosContent>(source).then(
      (answer) => answer.content.slides ?? [],
      () => [],
    ),
  );
  const site = String(currentSiteId());
  const slides = (story.data ?? []).filter((s) => !s.hide_for_siteId?.includes(site));
  const [index, setIndex] = useState(0);
  // The first slide is the largest paint of home: the HTML asks for it before any script.
  const first = slides[0]?.image.filename;
  if (first) preload(first, { as: 'image', fetchPriority: 'high' });

  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [slides.length]);

  if (slides.length === 0) return null;
  return (
    <section
      className={styles.slideshow}
      aria-roledescription={t('carousel')}
      aria-label={t('promotions')}
      style={{ minHeight: SLIDESHOW.minHeight, maxHeight: SLIDESHOW.maxHeight }}
    >
      <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((slide, i) => (
          <Link
            key={slide._uid}
            to={slidePath(slide)}
            className={styles.slide}
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
          >
            <img
              src={slide.image.filename}
              alt={slide.image.alt ?? slide.title}
              width={1200}
              height={300}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
          </Link>
        ))}
      </div>
      {slides.length > 1 && (
        <div className={styles.dots}>
          {slides.map((slide, i) => (
            <button
              key={slide._uid}
              type="button"
              aria-label={tf('showSlide', { title: slide.title })}
              aria-current={i === index}
              className={i === index ? `${styles.dot} ${styles.active}` : styles.dot}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
