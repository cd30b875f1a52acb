import {
  MOBILE_MONEY_PROVIDER_NAMES,
  providerOptions,
  type MobileMoneyProviderId,
} from '@dau/domain/mobile-money';
import { normalisePhone } from '@dau/domain/phone';
import type { SiteConfig } from '@dau/domain/sites';
import { t } from '../payment-strings';
import styles from './payments.module.css';

/** The provider that will prompt a number, and the user's pick where numbers can move network. */
export function useProviderChoice(
  phone: string,
  site: SiteConfig,
  picked: MobileMoneyProviderId | null,
) {
  const e164 = phone.trim() === '' ? null : normalisePhone(phone, site.siteId);
  const options = e164 ? providerOptions(e164, site.siteId) : null;
  const provider =
    picked && options?.choices.includes(picked) ? picked : (options?.suggested ?? null);
  return { e164, options, provider };
}

/**
 * Says which provider will send the payment prompt (issue #16 item 1), from the number's network
 * prefix (packages/domain/src/mobile-money.ts, ADR 130); where a number may have moved network
 * (Tanzania, Kenya) the user can pick another of the site's providers.
 */
export function ProviderChoice({
  phone,
  site,
  picked,
  onPick,
  direction,
}: {
  phone: string;
  site: SiteConfig;
  picked: MobileMoneyProviderId | null;
  onPick: (provider: MobileMoneyProviderId) => void;
  direction: 'deposit' | 'withdrawal';
}) {
  const { e164, options, provider } = useProviderChoice(phone, site, picked);
  if (!e164 || !options) return null;
  const name = (id: MobileMoneyProviderId) => MOBILE_MONEY_PROVIDER_NAMES[id];
  if (!provider) {
    return (
      <p className={styles.providerNote} role="status" data-testid="provider-note">
        {options.network
          ? t('payNetworkNotSupported').replace('{network}', options.network.name)
          : t('payNumberNotSupported')}
      </p>
    );
  }
  return (
    <div className={styles.providerNote} data-testid="provider-note" data-provider={provider}>
      <p role="status">
        {t(direction === 'deposit' ? 'payProviderPrompts' : 'payProviderPays').replace(
          '{provider}',
          name(provider),
        )}
      </p>
      {options.choices.length > 1 && (
        <label className={styles.providerPick}>
          {t('payProviderPick')}
          <select
            value={provider}
            onChange={(e) => onPick(e.target.value as MobileMoneyProviderId)}
          >
            {options.choices.map((id) => (
              <option key={id} value={id}>
                {name(id)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
