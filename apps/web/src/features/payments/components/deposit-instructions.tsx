import { t } from '../payment-strings';
import type { SiteConfig } from '@dau/domain/sites';
import { RichText } from '../../../ui/rich-text/rich-text';
import { useCountryStory, type DepositInstructions } from '../api/payment-content';
import styles from './payments.module.css';

/**
 * The deposit page's instructions story (doc 1 §2, §7), with the paybill number on the sites
 * that have one (site 2). Instructions are help, not the form: a failed load shows a short note.
 */
export function DepositInstructionsBlock({
  site,
  provider = null,
}: {
  site: SiteConfig;
  /** The provider that will prompt: only its instructions show (all while it is unknown). */
  provider?: string | null;
}) {
  const story = useCountryStory<DepositInstructions>('deposit-instructions');
  const paybill = site.features.paybillNumber
    ? story.data?.content.paybill_number || site.features.paybillNumber
    : null;
  const content = story.data?.content;
  return (
    <section className={styles.instructions} aria-label={t('payHowToDeposit')}>
      {paybill && (
        <p className={styles.paybill}>
          {t('payPaybill')} <strong data-testid="paybill-number">{paybill}</strong>
          <span>{t('payAccountNumberHint')}</span>
        </p>
      )}
      {story.isPending && <p className={styles.hint}>{t('payInstructionsLoading')}</p>}
      {story.isError && <p className={styles.hint}>{t('payInstructionsFailed')}</p>}
      {content && (
        <>
          {content.title && (
            <h3>
              <RichText inline value={content.title} />
            </h3>
          )}
          {(content.methods ?? [])
            .filter((method) => !provider || !method.provider || method.provider === provider)
            .map((method) => (
              <div key={method._uid} className={styles.method}>
                {method.title && (
                  <h4>
                    <RichText inline value={method.title} />
                  </h4>
                )}
                <ol>
                  {(method.steps ?? []).map((step) => (
                    <li key={step._uid}>
                      <RichText inline value={step.text} />
                    </li>
                  ))}
                </ol>
                {method.note && (
                  <p className={styles.hint}>
                    <RichText inline value={method.note} />
                  </p>
                )}
              </div>
            ))}
          {content.help_text && (
            <p className={styles.hint}>
              <RichText inline value={content.help_text} />
            </p>
          )}
        </>
      )}
    </section>
  );
}
