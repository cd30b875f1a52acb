import { COOKIES } from '@dau/contracts/http';
import { localPhone } from '@dau/domain/phone';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { currentSite } from '../../../lib/site';
import { CheckField, fieldErrors, TextField } from '../../../ui/form-field';
import styles from '../account-forms.module.css';
import {
  useRegisterDetails,
  useRegisterResend,
  useRegisterStart,
  useRegisterVerify,
  useRegistrationStatus,
  type RegistrationAnswer,
} from '../api/registration';
import {
  ComplianceFields,
  EMPTY_DRAFT,
  complianceBody,
  idCheck,
} from '../../../ui/compliance-fields';
import { PasswordField, writeCookie } from './form-parts';
import { ErrorList, messagesOf } from '../../../ui/error-list';
import { t, tf } from '../account-strings';
import { completeSignIn, registrationStepUrl } from './sign-in';
import { Form } from '../../../ui/form';

const REGISTRATION_COOKIE_S = 30 * 60;
const TERMS_PATH = '/company/terms-and-conditions';

/** The server no longer knows this registration (expired, finished elsewhere, or made up). */
function isExpiredRegistration(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.envelope.datasource_entries.some((e) => e.value === 'REGISTRATION_NOT_FOUND')
  );
}

/** A fresh start at step 1 that keeps the number the user typed (`/register?mobile=`). */
export function freshStartUrl(mobile: string | null): string {
  return mobile ? `/register?mobile=${encodeURIComponent(mobile)}` : '/register';
}

/**
 * Registration steps: 1 at /register, 2 at /register/verify?mobile=&sid= (or /register#2),
 * 3 at /register#3. `sid` is the server's opaque registration token, never a password.
 */
export function RegisterSteps() {
  const { pathname, search, hash, state } = useLocation();
  const params = new URLSearchParams(search);
  const sid = params.get('sid') ?? readCookie(COOKIES.registration) ?? '';
  const notice = (state as { notice?: string } | null)?.notice;
  const step = pathname === '/register/verify' || hash === '#2' ? 2 : hash === '#3' ? 3 : 1;
  return (
    <>
      <ErrorList messages={notice ? [notice] : []} />
      {step === 1 || !sid ? (
        <StartStep />
      ) : step === 2 ? (
        <VerifyStep sid={sid} />
      ) : (
        <DetailsStep sid={sid} />
      )}
    </>
  );
}

function useFinish() {
  const navigate = useNavigate();
  return (answer: RegistrationAnswer) => {
    if (answer.login && !answer.login.hasErrors) {
      completeSignIn(answer.login);
      writeCookie(COOKIES.registration, '', 0);
      navigate('/', { replace: true });
      return;
    }
    navigate(registrationStepUrl(answer));
  };
}

function StartStep() {
  const site = currentSite();
  const navigate = useNavigate();
  const start = useRegisterStart();
  const { search } = useLocation();
  // "Start again" after an expired registration keeps the number (`?mobile=+254…`).
  const [phone, setPhone] = useState(() => {
    const mobile = new URLSearchParams(search).get('mobile');
    return mobile ? localPhone(mobile, site.siteId) : '';
  });
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [confirmMinimumAge, setConfirmMinimumAge] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate(
      { phone, password, acceptTerms, confirmMinimumAge },
      {
        onSuccess(answer) {
          writeCookie(COOKIES.registration, answer.sid, REGISTRATION_COOKIE_S);
          navigate(registrationStepUrl(answer));
        },
      },
    );
  }
  const errors = fieldErrors(start.error, FIELDS);
  return (
    <Form className={styles.form} onSubmit={submit}>
      <TextField
        label={tf('phoneNumber', { prefix: site.phonePrefix })}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.byField.phone}
        required
      />
      <PasswordField
        label={t('choosePin')}
        name="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        error={errors.byField.password}
      />
      <CheckField
        name="acceptTerms"
        checked={acceptTerms}
        onChange={(e) => setAcceptTerms(e.target.checked)}
        error={errors.byField.acceptTerms}
        label={
          <>
            {t('acceptTermsBefore')}
            {/* A new tab, so the form keeps what was typed. */}
            <a href={TERMS_PATH} target="_blank" rel="noopener noreferrer">
              {t('termsLink')}
              <span className={styles.visuallyHidden}> {t('opensInNewTab')}</span>
            </a>
            {t('acceptTermsAfter')}
          </>
        }
      />
      <CheckField
        name="confirmMinimumAge"
        checked={confirmMinimumAge}
        onChange={(e) => setConfirmMinimumAge(e.target.checked)}
        error={errors.byField.confirmMinimumAge}
        label={tf('minimumAge', { age: site.minimumAge })}
      />
      <ErrorList messages={start.isError ? errors.general : []} />
      <button type="submit" className={styles.submit} disabled={start.isPending}>
        {t('join')}
      </button>
      <div className={styles.links}>
        <Link to="/login">{t('haveAccount')}</Link>
      </div>
    </Form>
  );
}

const FIELDS = ['phone', 'password', 'username', 'acceptTerms', 'confirmMinimumAge', 'code'];

/** An expired or unknown registration: the message and a way straight back to step 1. */
function ExpiredRegistration({ error, mobile }: { error: unknown; mobile: string | null }) {
  return (
    <div className={styles.form}>
      <ErrorList messages={messagesOf(error)} />
      <Link
        className={styles.submit}
        to={freshStartUrl(mobile)}
        onClick={() => writeCookie(COOKIES.registration, '', 0)}
      >
        {mobile ? tf('startAgainWithNumber', { mobile }) : t('startAgain')}
      </Link>
    </div>
  );
}

function VerifyStep({ sid }: { sid: string }) {
  const status = useRegistrationStatus(sid);
  const verify = useRegisterVerify();
  const resend = useRegisterResend();
  const finish = useFinish();
  const { search } = useLocation();
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate({ sid, code }, { onSuccess: finish });
  }
  const mobile = status.data?.mobile ?? new URLSearchParams(search).get('mobile');
  const expired = [status.error, verify.error, resend.error].find(isExpiredRegistration);
  if (expired) return <ExpiredRegistration error={expired} mobile={mobile} />;
  const codeErrors = fieldErrors(verify.error, FIELDS);
  return (
    <Form className={styles.form} onSubmit={submit}>
      <p>{mobile ? tf('codeSent', { mobile }) : t('codeSentNoNumber')}</p>
      <TextField
        label={t('verificationCode')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={codeErrors.byField.code}
        required
      />
      <ErrorList
        messages={[
          ...(status.isError ? messagesOf(status.error) : []),
          ...(verify.isError ? codeErrors.general : []),
          ...(resend.isError ? messagesOf(resend.error) : []),
        ]}
      />
      {resend.isSuccess && (
        <p role="status" className={styles.success}>
          {t('newCodeSent')}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={verify.isPending}>
        {t('verify')}
      </button>
      <button
        type="button"
        className={styles.secondary}
        disabled={resend.isPending}
        onClick={() => resend.mutate(sid)}
      >
        {t('newCode')}
      </button>
    </Form>
  );
}

function DetailsStep({ sid }: { sid: string }) {
  const site = currentSite();
  const details = useRegisterDetails();
  const finish = useFinish();
  const { search } = useLocation();
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const idError = idCheck(site, draft.idNumber).error;
  function submit(event: FormEvent) {
    event.preventDefault();
    details.mutate({ sid, ...complianceBody(site, draft) }, { onSuccess: finish });
  }
  const errors = fieldErrors(details.error, Object.keys(EMPTY_DRAFT));
  if (isExpiredRegistration(details.error)) {
    return (
      <ExpiredRegistration
        error={details.error}
        mobile={new URLSearchParams(search).get('mobile')}
      />
    );
  }
  return (
    <Form className={styles.form} onSubmit={submit}>
      <p>{t('almostDone')}</p>
      <ComplianceFields site={site} draft={draft} onChange={setDraft} errors={errors.byField} />
      <ErrorList messages={errors.general} />
      <button
        type="submit"
        className={styles.submit}
        disabled={details.isPending || idError !== null}
      >
        {t('finish')}
      </button>
    </Form>
  );
}
