import { useParams } from 'react-router';
import { nameFromSlug } from '../../lib/slug';
import { EmptyState, PageFrame } from '../../ui/page-frame';

/** Content-service pages (spec doc 1 §2); #4 renders the stories into these frames. */
export function PromotionsPage() {
  const { slug } = useParams();
  return (
    <PageFrame title={slug ? nameFromSlug(slug, 'Promotion') : 'Promotions'}>
      <EmptyState
        message="No promotions running right now."
        action={{ to: '/sports', label: 'Go to sports' }}
      />
    </PageFrame>
  );
}

export function CompanyPage() {
  const { slug } = useParams();
  return (
    <PageFrame title={slug ? nameFromSlug(slug, 'Company') : 'About Dau'}>
      <EmptyState message="Company information is on its way from our content service." />
    </PageFrame>
  );
}

export function CustomerSupportPage() {
  const { slug } = useParams();
  return (
    <PageFrame title={slug ? nameFromSlug(slug, 'Help') : 'Customer Support'}>
      <p>Support hours: 07:00am to 11:00pm.</p>
      <EmptyState
        message="Help topics will be listed here."
        action={{ to: '/customer-support/delete-account', label: 'Delete my account' }}
      />
    </PageFrame>
  );
}

export function DeleteAccountPage() {
  return (
    <PageFrame title="Delete account">
      <EmptyState
        message="Ask Customer Support to close your account."
        action={{ to: '/customer-support', label: 'Customer Support' }}
      />
    </PageFrame>
  );
}

export function AndroidAppPage() {
  return (
    <PageFrame title="Android app">
      <EmptyState message="Get the Dau app for Android: light on data, quick on cheap phones." />
    </PageFrame>
  );
}

export function FeaturesPage() {
  return (
    <PageFrame title="Features">
      <EmptyState
        message="What Dau offers will be listed here."
        action={{ to: '/sports', label: 'Start betting' }}
      />
    </PageFrame>
  );
}

export function SpeedTestPage() {
  return (
    <PageFrame title="Speed test">
      <EmptyState message="Measure your connection quality before you bet live." />
    </PageFrame>
  );
}

export function SmsBettingPage() {
  return (
    <PageFrame title="How to place bets via SMS">
      <EmptyState
        message="Bet without data: the SMS guide will be shown here."
        action={{ to: '/sports', label: 'Bet online' }}
      />
    </PageFrame>
  );
}

export function SocialSharePage() {
  const { ssid } = useParams();
  return (
    <PageFrame title={ssid ? 'Shared bet' : 'Share a bet'}>
      <EmptyState
        message={ssid ? 'Loading the shared betslip.' : 'Share your betslip with friends.'}
        action={{ to: '/sports', label: 'Go to sports' }}
      />
    </PageFrame>
  );
}
