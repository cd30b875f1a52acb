import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SUPPORT_HOURS } from '@dau/domain/constants';
import { SPEED_TEST_FAILED } from '@dau/domain/messages';
import { apiFetch, ApiError } from '../../lib/api-client';
import { useSessionStore } from '../../lib/session-store';
import { currentSiteId } from '../../lib/site';
import { nameFromSlug } from '../../lib/slug';
import { LoadingScreen } from '../../ui/loading-screen';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { ContentError } from '../../lib/content-client';
import { useStories, useStory } from './api/content-api';
import { HelpAccordion, type AccordionItem } from '../../ui/help-accordion';
import styles from './content.module.css';
import { Markdown } from '../../ui/markdown';
import { runSpeedTest, type SpeedTestResult } from './speed-test';

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

/** A page whose text is one story: title and Markdown body, plus optional extras. */
function StoryPage({
  slug,
  fallbackTitle,
  children,
}: {
  slug: string;
  fallbackTitle: string;
  children?: ReactNode;
}) {
  const story = useStory<PageContent>(slug);
  if (story.isPending) return <LoadingScreen />;
  if (story.isError) {
    const missing = story.error instanceof ContentError && story.error.status === 404;
    return (
      <PageFrame title={fallbackTitle}>
        <EmptyState
          message={
            missing
              ? 'This page could not be found.'
              : 'This page could not be loaded. Please try again.'
          }
          action={{ to: '/', label: 'Go home' }}
        />
      </PageFrame>
    );
  }
  const { content } = story.data;
  return (
    <PageFrame title={content.title ?? story.data.name}>
      {content.body && <Markdown className={styles.prose} text={content.body} />}
      {children}
    </PageFrame>
  );
}

function StoryList({ prefix, title }: { prefix: string; title: string }) {
  const stories = useStories(prefix);
  return (
    <PageFrame title={title}>
      {stories.isPending && <LoadingScreen />}
      {stories.isError && <EmptyState message="This list could not be loaded. Please try again." />}
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
                      alt={content.banner.alt ?? ''}
                      loading="lazy"
                    />
                  )}
                  <strong>{content.title ?? story.name}</strong>
                  {content.summary && <span>{content.summary}</span>}
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
  if (!slug) return <StoryList prefix="promotions/" title="Promotions" />;
  return <PromotionPage slug={slug} />;
}

function PromotionPage({ slug }: { slug: string }) {
  const story = useStory<PromotionContent>(`promotions/${slug}`);
  if (story.isPending) return <LoadingScreen />;
  if (story.isError || !visibleForSite(story.data)) {
    return (
      <PageFrame title={nameFromSlug(slug, 'Promotion')}>
        <EmptyState
          message="This promotion is not available."
          action={{ to: '/promotions', label: 'All promotions' }}
        />
      </PageFrame>
    );
  }
  const { content } = story.data;
  const ctaPath = content.cta_link?.cached_url;
  return (
    <PageFrame title={content.title ?? story.data.name}>
      {content.banner && (
        <img
          className={styles.banner}
          src={content.banner.filename}
          alt={content.banner.alt ?? ''}
          width={1200}
          height={300}
        />
      )}
      {content.summary && <p>{content.summary}</p>}
      {content.body && <Markdown className={styles.prose} text={content.body} />}
      {ctaPath && content.cta_label && (
        <Link className={styles.button} to={`/${ctaPath.replace(/^\//, '')}`}>
          {content.cta_label}
        </Link>
      )}
    </PageFrame>
  );
}

export function CompanyPage() {
  const { slug } = useParams();
  if (!slug) return <StoryList prefix="company/" title="About Dau" />;
  return (
    <StoryPage key={slug} slug={`company/${slug}`} fallbackTitle={nameFromSlug(slug, 'Company')} />
  );
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
    return (
      <StoryPage
        key={slug}
        slug={`customer-support/${slug}`}
        fallbackTitle={nameFromSlug(slug, 'Help')}
      />
    );
  }
  return <HelpCentre />;
}

function HelpCentre() {
  const help = useStory<HelpContent>('help');
  const pages = useStories('customer-support/');
  return (
    <PageFrame title="Customer Support">
      <p className={styles.notice}>
        We are available every day from {SUPPORT_HOURS.open} to {SUPPORT_HOURS.close}. Tap{' '}
        <strong>Help</strong> at the bottom of the page to chat on WhatsApp or Messenger, or to ask
        for a call back.
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
                {(story.content as PageContent).title ?? story.name}
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
    <StoryPage slug="customer-support/delete-account" fallbackTitle="Delete my account">
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
        <Link to="/login?redirectUrl=/customer-support/delete-account">Log in</Link> to ask for your
        account to be deleted.
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
        message: answer.datasource_entries[0]?.dimension_value ?? 'We have received your request.',
      });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.envelope.datasource_entries[0]?.dimension_value ?? error.message)
          : 'The request failed. Please try again.';
      setState({ kind: 'error', message });
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="delete-reason">Why are you leaving? (optional)</label>
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
        Request account deletion
      </button>
    </form>
  );
}

export function AndroidAppPage() {
  return <StoryPage slug="android-app" fallbackTitle="Android app" />;
}

export function FeaturesPage() {
  return <StoryPage slug="features" fallbackTitle="Features" />;
}

export function SmsBettingPage() {
  return <StoryPage slug="how-to-place-bets-via-sms" fallbackTitle="How to place bets via SMS" />;
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
    <PageFrame title="Speed test">
      <p>Check how well your connection will handle live betting.</p>
      <button
        className={styles.button}
        type="button"
        disabled={state.kind === 'running'}
        onClick={() => void start()}
      >
        {state.kind === 'running'
          ? 'Testing…'
          : state.kind === 'idle'
            ? 'Start test'
            : 'Test again'}
      </button>
      {state.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {SPEED_TEST_FAILED}
        </p>
      )}
      {state.kind === 'done' && (
        <>
          <p>
            Connection quality:{' '}
            <span className={styles.quality} data-testid="connection-quality">
              {state.result.quality}
            </span>
          </p>
          <dl className={styles.stats}>
            <div>
              <dt>Latency</dt>
              <dd>{Math.round(state.result.latencyMs)} ms</dd>
            </div>
            <div>
              <dt>Jitter</dt>
              <dd>{Math.round(state.result.jitterMs)} ms</dd>
            </div>
            <div>
              <dt>Download</dt>
              <dd>{state.result.downloadMbps.toFixed(1)} Mbps</dd>
            </div>
            <div>
              <dt>Upload</dt>
              <dd>{state.result.uploadMbps.toFixed(1)} Mbps</dd>
            </div>
          </dl>
        </>
      )}
    </PageFrame>
  );
}
