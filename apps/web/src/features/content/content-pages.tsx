import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SUPPORT_HOURS } from '@dau/domain/constants';
import { apiFetch, ApiError } from '../../lib/api-client';
import { useSessionStore } from '../../lib/session-store';
import { currentSiteId } from '../../lib/site';
import { LoadingScreen } from '../../ui/loading-screen';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { ContentError } from '../../lib/content-client';
import { useStories, useStory } from './api/content-api';
import { HelpAccordion, type AccordionItem } from '../../ui/help-accordion';
import styles from './content.module.css';
import { plainText, RichText } from '../../ui/rich-text/rich-text';
import { NotFoundPage } from '../../ui/error-pages';
import { t, tf } from './content-strings';
import { runSpeedTest, type SpeedTestResult } from './speed-test';
import { Form } from '../../ui/form';
import { InstallApp } from './install-app';

/** Content-service pages (spec doc 1 §2), rendered from the stories of `content/`. */

interface PageContent {
  component: string;
  _uid: string;
  title?: string;
  body?: string;
}

interface PromotionContent extends PageContent {
  summary?: string;
  banner?: { filename: string; alt?: string };
  cta_label?: string;
  cta_link?: { cached_url?: string; url?: string };
  hide_for_siteId?: string[];
}

function visibleForSite(story: { content: object }): boolean {
  const hidden = (story.content as PromotionContent).hide_for_siteId ?? [];
  return !hidden.includes(String(currentSiteId()));
}

function isMissing(error: unknown): boolean {
  return error instanceof ContentError && error.status === 404;
}

/** A story that could not be read: the 404 page when there is none, else a retry hint. */
function StoryFailed({ error, title }: { error: unknown; title: string }) {
  if (isMissing(error)) return <NotFoundPage />;
  return (
    <PageFrame title={title}>
      <EmptyState message={t('pageLoadFailed')} action={{ to: '/', label: t('goHome') }} />
    </PageFrame>
  );
}

/**
 * A page whose text is one story: title and body, plus optional extras. An unknown slug shows
 * the 404 page (the server answered the document with 404 already): no title is made up.
 */
function StoryPage({
  slug,
  areaTitle,
  children,
}: {
  slug: string;
  /** The title while the story cannot be read (its area's name, never the slug). */
  areaTitle: string;
  children?: ReactNode;
}) {
  const story = useStory<PageContent>(slug);
  if (story.isPending) return <LoadingScreen />;
  if (story.isError) return <StoryFailed error={story.error} title={areaTitle} />;
  const { content } = story.data;
  return (
    <PageFrame title={plainText(content.title) || story.data.name}>
      <RichText className={styles.prose} value={content.body} />
      {children}
    </PageFrame>
  );
}

function StoryList({ prefix, title }: { prefix: string; title: string }) {
  const stories = useStories(prefix);
  return (
    <PageFrame title={title}>
      {stories.isPending && <LoadingScreen />}
      {stories.isError && <EmptyState message={t('listLoadFailed')} />}
      {stories.data && (
        <ul className={styles.cards}>
          {stories.data.filter(visibleForSite).map((story) => {
            const content = story.content as PromotionContent;
            return (
              <li key={story.uuid}>
                <Link className={styles.card} to={`/${story.full_slug}`}>
                  {content.banner && (
                    <img
                      className={styles.banner}
                      src={content.banner.filename}
                      alt={plainText(content.banner.alt)}
                      loading="lazy"
                    />
                  )}
                  <strong>
                    {content.title ? <RichText inline value={content.title} /> : story.name}
                  </strong>
                  {content.summary && (
                    <span>
                      <RichText inline value={content.summary} />
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </PageFrame>
  );
}

export function PromotionsPage() {
  const { slug } = useParams();
  if (!slug) return <StoryList prefix="promotions/" title={t('promotions')} />;
  return <PromotionPage slug={slug} />;
}

function PromotionPage({ slug }: { slug: string }) {
  const story = useStory<PromotionContent>(`promotions/${slug}`);
  if (story.isPending) return <LoadingScreen />;
  if (story.isError) return <StoryFailed error={story.error} title={t('promotions')} />;
  // A promotion hidden for this site is no page of it (the server answers 404 too).
  if (!visibleForSite(story.data)) return <NotFoundPage />;
  const { content } = story.data;
  const ctaPath = content.cta_link?.cached_url;
  return (
    <PageFrame title={plainText(content.title) || story.data.name}>
      {content.banner && (
        <img
          className={styles.banner}
          src={content.banner.filename}
          alt={plainText(content.banner.alt)}
          width={1200}
          height={300}
        />
      )}
      {content.summary && (
        <p>
          <RichText inline value={content.summary} />
        </p>
      )}
      <RichText className={styles.prose} value={content.body} />
      {ctaPath && content.cta_label && (
        <Link className={styles.button} to={`/${ctaPath.replace(/^\//, '')}`}>
          <RichText inline value={content.cta_label} />
        </Link>
      )}
    </PageFrame>
  );
}

export function CompanyPage() {
  const { slug } = useParams();
  if (!slug) return <StoryList prefix="company/" title={t('aboutDau')} />;
  return <StoryPage key={slug} slug={`company/${slug}`} areaTitle={t('aboutDau')} />;
}

interface HelpContent {
  component: string;
  _uid: string;
  title?: string;
  search_placeholder?: string;
  items?: AccordionItem[];
}

export function CustomerSupportPage() {
  const { slug } = useParams();
  if (slug) {
    return <StoryPage key={slug} slug={`customer-support/${slug}`} areaTitle={t('help')} />;
  }
  return <HelpCentre />;
}

function HelpCentre() {
  const help = useStory<HelpContent>('help');
  const pages = useStories('customer-support/');
  return (
    <PageFrame title={t('customerSupport')}>
      <p className={styles.notice}>
        {tf('supportHoursBefore', SUPPORT_HOURS)}
        <strong>{t('help')}</strong>
        {t('supportHoursAfter')}
      </p>
      {help.isPending && <LoadingScreen />}
      {help.data && (
        <HelpAccordion
          items={help.data.content.items ?? []}
          searchable
          placeholder={help.data.content.search_placeholder}
        />
      )}
      {pages.data && (
        <ul className={styles.cards}>
          {pages.data.map((story) => (
            <li key={story.uuid}>
              <Link className={styles.card} to={`/${story.full_slug}`}>
                {(story.content as PageContent).title ? (
                  <RichText inline value={(story.content as PageContent).title} />
                ) : (
                  story.name
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

interface DeletionAnswer {
  request: { requestId: number; status: string; createdAt: string };
  datasource_entries: { dimension_value: string }[];
}

export function DeleteAccountPage() {
  return (
    <StoryPage slug="customer-support/delete-account" areaTitle={t('help')}>
      <DeleteAccountForm />
    </StoryPage>
  );
}

function DeleteAccountForm() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; message: string }
  >({ kind: 'idle' });

  if (!isAuthenticated) {
    return (
      <p className={styles.notice}>
        <Link to="/login?redirectUrl=/customer-support/delete-account">{t('logIn')}</Link>
        {t('toDeleteAccount')}
      </p>
    );
  }
  if (state.kind === 'done') return <p className={styles.notice}>{state.message}</p>;

  async function submit() {
    setState({ kind: 'sending' });
    try {
      const answer = await apiFetch<DeletionAnswer>({
        base: 'core',
        path: '/customer/delete-account-request',
        body: reason.trim() ? { reason: reason.trim() } : {},
      });
      setState({
        kind: 'done',
        message: answer.datasource_entries[0]?.dimension_value ?? t('deletionReceived'),
      });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.envelope.datasource_entries[0]?.dimension_value ?? error.message)
          : t('requestFailed');
      setState({ kind: 'error', message });
    }
  }

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="delete-reason">{t('whyLeaving')}</label>
      <textarea
        id="delete-reason"
        className={styles.field}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {state.kind === 'error' && (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      )}
      <button className={styles.button} type="submit" disabled={state.kind === 'sending'}>
        {t('requestDeletion')}
      </button>
    </Form>
  );
}

export function AndroidAppPage() {
  return (
    <StoryPage slug="android-app" areaTitle="Dau">
      <InstallApp />
    </StoryPage>
  );
}

export function FeaturesPage() {
  return <StoryPage slug="features" areaTitle="Dau" />;
}

export function SmsBettingPage() {
  return <StoryPage slug="how-to-place-bets-via-sms" areaTitle="Dau" />;
}

export function SpeedTestPage() {
  const [state, setState] = useState<
    { kind: 'idle' | 'running' | 'failed' } | { kind: 'done'; result: SpeedTestResult }
  >({ kind: 'idle' });
  async function start() {
    setState({ kind: 'running' });
    try {
      setState({ kind: 'done', result: await runSpeedTest() });
    } catch {
      setState({ kind: 'failed' });
    }
  }
  return (
    <PageFrame title={t('speedTest')}>
      <p>{t('speedTestIntro')}</p>
      <button
        className={styles.button}
        type="button"
        disabled={state.kind === 'running'}
        onClick={() => void start()}
      >
        {state.kind === 'running'
          ? t('testing')
          : state.kind === 'idle'
            ? t('startTest')
            : t('testAgain')}
      </button>
      {state.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {t('speedTestFailed')}
        </p>
      )}
      {state.kind === 'done' && (
        <>
          <p>
            {t('connectionQuality')}{' '}
            <span className={styles.quality} data-testid="connection-quality">
              {state.result.quality}
            </span>
          </p>
          <dl className={styles.stats}>
            <div>
              <dt>{t('latency')}</dt>
              <dd>{Math.round(state.result.latencyMs)} ms</dd>
            </div>
            <div>
              <dt>{t('jitter')}</dt>
              <dd>{Math.round(state.result.jitterMs)} ms</dd>
            </div>
            <div>
              <dt>{t('download')}</dt>
              <dd>{tf('mbps', { value: state.result.downloadMbps.toFixed(1) })}</dd>
            </div>
            <div>
              <dt>{t('upload')}</dt>
              <dd>{tf('mbps', { value: state.result.uploadMbps.toFixed(1) })}</dd>
            </div>
          </dl>
        </>
      )}
    </PageFrame>
  );
}
