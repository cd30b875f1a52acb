import type { CreateBookingCodeResponse } from '@dau/contracts/betting/booking-code';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { t } from './share-strings';
import { createBookingCode, slipSignature } from './booking-code-api';
import { setBetslipOpen, useBetslipStore } from '../../lib/betslip-store';
import styles from './share-slip.module.css';

type ShareState =
  | { kind: 'idle' }
  | { kind: 'making' }
  | { kind: 'made'; code: CreateBookingCodeResponse; signature: string }
  | { kind: 'failed'; message: string };

function shareUrl(path: string): string {
  return `${location.origin}${path}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The betslip's "Share / Booking code" row: with picks, makes a code for them and offers copy
 * and the Web Share sheet where the browser has one; on an empty slip, a link to load a code.
 */
export function BookingCodeBar() {
  const slip = useBetslipStore((s) => s.normal);
  const [state, setState] = useState<ShareState>({ kind: 'idle' });
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const signature = slipSignature(slip);

  if (slip.numselections === 0) {
    return (
      <p className={styles.bar}>
        {t('haveBookingCode')}{' '}
        <Link to="/social-share" className={styles.link} onClick={() => setBetslipOpen(false)}>
          {t('loadCode')}
        </Link>
      </p>
    );
  }

  const made = state.kind === 'made' && state.signature === signature ? state.code : null;
  const share = async () => {
    setState({ kind: 'making' });
    setCopied(null);
    try {
      const code = await createBookingCode(useBetslipStore.getState().normal);
      setState({ kind: 'made', code, signature });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.envelope.datasource_entries[0]?.dimension_value ?? t('shareFailed'))
          : t('shareFailed');
      setState({ kind: 'failed', message });
    }
  };
  const copy = async (what: 'code' | 'link', text: string) => {
    if (await copyText(text)) setCopied(what);
  };

  if (!made) {
    return (
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.shareButton}
          aria-label={t('shareSlipLabel')}
          disabled={state.kind === 'making'}
          onClick={() => void share()}
        >
          <span aria-hidden="true">⤴</span>{' '}
          {state.kind === 'making' ? t('makingCode') : `${t('shareSlip')} · ${t('bookingCode')}`}
        </button>
        {state.kind === 'failed' && (
          <p className={styles.error} role="alert">
            {state.message}
          </p>
        )}
      </div>
    );
  }

  const url = shareUrl(made.sharePath);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className={styles.made} role="group" aria-label={t('bookingCode')}>
      <p className={styles.label}>{t('bookingCode')}</p>
      <p className={styles.code} data-testid="booking-code">
        {made.ssid}
      </p>
      <p className={styles.hint}>{t('shareHint')}</p>
      <div className={styles.actions}>
        <button type="button" onClick={() => void copy('code', made.ssid)}>
          {copied === 'code' ? t('copied') : t('copyCode')}
        </button>
        {canShare ? (
          <button
            type="button"
            onClick={() =>
              void navigator
                .share({ title: t('sharedBetTitle'), text: made.ssid, url })
                .catch(() => undefined)
            }
          >
            {t('shareVia')}
          </button>
        ) : (
          <button type="button" onClick={() => void copy('link', url)}>
            {copied === 'link' ? t('copied') : t('copyLink')}
          </button>
        )}
      </div>
    </div>
  );
}
