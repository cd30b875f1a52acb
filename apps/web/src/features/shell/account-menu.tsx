import { formatMoney, fromUnits } from '@dau/domain/money';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { trackEvent } from '../../lib/analytics';
import { fetchStoryOnce, type BlockBase } from '../../lib/content-client';
import { t } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { plainText, RichText } from '../../ui/rich-text/rich-text';
import { SideModal } from '../../ui/side-modal';
import { useProfile } from '../../lib/profile-api';
import { EmailBox } from '../accounts/components/profile-section';
import { SignOutButton } from '../accounts/components/sign-out-button';
import { BalanceSummary } from '../payments/components/balance-summary';
import { usePaymentsStore } from '../payments/store';
import styles from './account-menu.module.css';
import { menuTarget, type MenuLink } from './menu-visibility';
import { useShellStore } from './shell-store';

/** A block of the `all/sidebar-my-account` story. */
export interface AccountMenuBlock extends BlockBase {
  title?: string;
  text?: string;
  link?: MenuLink;
  link_label?: string;
}
interface AccountMenuContent extends BlockBase {
  blocks?: AccountMenuBlock[];
}

// The story is read once per page load, when the menu is first opened.
function loadBlocks(): Promise<AccountMenuBlock[]> {
  return fetchStoryOnce<AccountMenuContent>('all/sidebar-my-account').then(
    (s) => s.content.blocks ?? [],
  );
}

/** The `all/sidebar-my-account` blocks; exported for the test that renders every story. */
export function AccountMenuBlocks() {
  // Decoration from the content service: when it cannot be read, the menu works without it.
  const [blocks, setBlocks] = useState<AccountMenuBlock[]>([]);
  useEffect(() => {
    let live = true;
    loadBlocks()
      .then((loaded) => live && setBlocks(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (blocks.length === 0) return null;
  return (
    <div className={styles.blocks}>
      {blocks.map((block) => {
        const target = menuTarget({ ...block, label: block.link_label ?? '' });
        return (
          <section key={block._uid} className={styles.block} aria-label={plainText(block.title)}>
            {block.title && (
              <h3>
                <RichText inline value={block.title} />
              </h3>
            )}
            <RichText value={block.text} />
            {target &&
              block.link_label &&
              (target.external ? (
                <a href={target.href} target="_blank" rel="noopener noreferrer">
                  <RichText inline value={block.link_label} />
                </a>
              ) : (
                <Link to={target.href}>
                  <RichText inline value={block.link_label} />
                </Link>
              ))}
          </section>
        );
      })}
    </div>
  );
}

/** Asks for an email only when the profile has none; stays for its answer once shown. */
function EmailPrompt() {
  const profile = useProfile();
  const [ask, setAsk] = useState<boolean | null>(null);
  if (ask === null && profile.data) setAsk(!profile.data.email);
  if (!ask) return null;
  return (
    <div className={styles.email}>
      <p>{t('addEmail')}</p>
      <EmailBox current={null} />
    </div>
  );
}

/**
 * The account menu (doc 1 §2): a full-screen modal with a right-aligned panel of at most
 * 450 px. Balances, the payment actions and account links, the email box when the user has
 * none, the content blocks of `all/sidebar-my-account`, and Sign Out. A route change, Escape,
 * the back chevron or a tap beside the panel closes it.
 */
export function AccountMenu() {
  const close = useShellStore((s) => s.closeAccountMenu);
  const openModal = usePaymentsStore((s) => s.openModal);
  const total = usePaymentsStore((s) => s.balances?.total);
  const site = currentSite();
  const { pathname } = useLocation();
  const [openedOn] = useState(pathname);
  useEffect(() => {
    if (pathname !== openedOn) close();
  }, [pathname, openedOn, close]);
  useEffect(() => trackEvent({ event: 'modal_open', modal: 'account' }), []);

  const pay = (modal: 'deposit' | 'withdrawal') => {
    close();
    openModal(modal);
  };
  const links = [
    { to: site.features.myBetsPath, label: t('myBets') },
    { to: '/payments/transactions', label: t('transactions') },
    { to: '/my-account/profile', label: t('myAccount') },
    { to: '/my-account/change-password', label: t('changePin') },
  ];

  return (
    <SideModal title={t('myAccount')} onClose={close} closeLabel={t('close')}>
      <section className={styles.balances} aria-label={t('balances')}>
        {total !== undefined && (
          <p className={styles.total}>
            <span>{t('totalBalance')}</span>
            <strong>{formatMoney(fromUnits(total), site)}</strong>
          </p>
        )}
        <BalanceSummary />
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => pay('deposit')}>
            {t('deposit')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => pay('withdrawal')}>
            {t('withdraw')}
          </button>
        </div>
      </section>
      <nav aria-label={t('accountLinks')}>
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.link} onClick={close}>
                {link.label}
                <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <EmailPrompt />
      <AccountMenuBlocks />
      <SignOutButton />
    </SideModal>
  );
}
